/**
 * The 'Ny' marker: opening a saved search goes to its /jobb path with `nya=<unix seconds>`, and the
 * job browser marks the ads first seen after that moment. The parameter is not part of the
 * JobQuery (it does not change what is found, only how the hits are shown), so the dashboard that
 * writes it and the job browser that reads it share it from here.
 */
export const NEW_SINCE_PARAM = 'nya';

// Below this a number is taken as seconds, above as milliseconds (year 33658 in seconds).
const MILLISECONDS_FROM = 1e12;

/**
 * A moment as unix seconds: from seconds, milliseconds or an ISO 8601 text (the API may give any
 * of them); null when it is none of these.
 */
export function toUnixSeconds(moment: unknown): number | null {
  let value: number;
  if (typeof moment === 'number') value = moment;
  else if (typeof moment === 'string' && /^\d+$/.test(moment.trim())) value = Number(moment.trim());
  else if (typeof moment === 'string' && moment.trim() !== '') value = Date.parse(moment) / 1000;
  else return null;
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.floor(value >= MILLISECONDS_FROM ? value / 1000 : value);
}

/** `path` (a /jobb link, with or without a query) with the marker moment added. */
export function withNewSince(path: string, since: unknown): string {
  const seconds = toUnixSeconds(since);
  if (seconds === null) return path;
  const [withoutHash = '', hash] = path.split('#', 2);
  const separator = withoutHash.includes('?') ? '&' : '?';
  return `${withoutHash}${separator}${NEW_SINCE_PARAM}=${seconds}${hash === undefined ? '' : `#${hash}`}`;
}

/** The marker moment of a query string ('?…' or without '?'), or null. */
export function readNewSince(search: string): number | null {
  const raw = new URLSearchParams(search).get(NEW_SINCE_PARAM);
  return raw === null ? null : toUnixSeconds(raw);
}

/** Whether an ad first seen at `firstSeenTs` (unix seconds) counts as new since `since`. */
export const isNewSince = (firstSeenTs: unknown, since: number | null): boolean =>
  since !== null && typeof firstSeenTs === 'number' && firstSeenTs > since;
