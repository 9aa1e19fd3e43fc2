import type { Config } from '../../config.js';

/**
 * The per-IP limit of the search routes (RATE_LIMIT_SEARCH_PER_IP, default 300 a minute:
 * generous, since a person typing fires a search per key stroke).
 */
export function searchRateLimit(config: Readonly<Config>) {
  return { max: config.rateLimits.searchPerIp, timeWindow: '1 minute' };
}
