const stockholmDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) it is in Sweden at `at`: a visit at 00:30 CEST counts for that day, not UTC's. */
export function stockholmDay(at: Date): string {
  const parts = Object.fromEntries(stockholmDate.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `count` consecutive days ending with `lastDay`, oldest first. Pure date arithmetic, no time zone. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(last - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}
