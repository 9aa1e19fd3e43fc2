import { jobsHref } from '../../lib/jobs-url-state';

/**
 * Where the start page's search goes: /jobb?search=term, or plain /jobb for an empty search. The
 * job browser then reads it as any link (a term naming a city is that city's jobs).
 */
export const jobSearchHref = (term: string): string => jobsHref({ text: term });

/** Next highlighted option for an arrow key, wrapping around; -1 means none highlighted. */
export function nextActiveIndex(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
