// JobStream reads its query timestamps as naive Europe/Stockholm wall-clock time, so the offset
// (+01:00 or +02:00) has to come from the time-zone rules of the instant itself, never from the
// host's zone. Intl carries those rules; sv-SE alone would still use the host zone.
const stockholmParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * `YYYY-MM-DDTHH:MM:SS` in Stockholm local time, seconds truncated. In the autumn hour that occurs
 * twice (02:00–03:00) two instants give the same text; the feed cannot tell them apart either, and
 * the sync loop's overlapping windows cover it.
 */
export function formatStockholmLocalTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Cannot format an invalid Date for JobStream');
  const part: Record<string, string> = {};
  for (const { type, value } of stockholmParts.formatToParts(instant)) part[type] = value;
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}
