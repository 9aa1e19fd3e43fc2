import { formatStockholmLocalTime } from '@jobbportalen/contracts';

export type FeedApiVersion = 'v1' | 'v2';

export const DEFAULT_FEED_BASE_URL = 'https://jobstream.api.jobtechdev.se';

/** v1 serves at the root, v2 under `/v2`; a base URL may itself carry a path (a proxy, the simulator). */
function versionRoot(baseUrl: string, version: FeedApiVersion): string {
  const base = baseUrl.replace(/\/+$/, '');
  return version === 'v1' ? base : `${base}/v2`;
}

export function snapshotUrl(baseUrl: string, version: FeedApiVersion): string {
  return `${versionRoot(baseUrl, version)}/snapshot`;
}

/** The two versions name the window bounds differently; both take Stockholm wall-clock time. */
export function streamUrl(
  baseUrl: string,
  version: FeedApiVersion,
  updatedAfter: Date,
  updatedBefore: Date,
): string {
  const after = formatStockholmLocalTime(updatedAfter);
  const before = formatStockholmLocalTime(updatedBefore);
  const query =
    version === 'v1'
      ? new URLSearchParams({ date: after, 'updated-before-date': before })
      : new URLSearchParams({ 'updated-after': after, 'updated-before': before });
  return `${versionRoot(baseUrl, version)}/stream?${query.toString()}`;
}
