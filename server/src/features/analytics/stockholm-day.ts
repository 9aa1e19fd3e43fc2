// A day is counted by its Swedish calendar date (stockholmDate in contracts); the statistics then
// need runs of such dates, which are plain calendar arithmetic.
import { DAY_MS } from '@jobbportalen/contracts';

/** `count` consecutive days ending with `lastDay`, oldest first. Pure date arithmetic, no time zone. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(last - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}
