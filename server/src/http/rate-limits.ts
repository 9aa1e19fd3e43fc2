import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config.js';

const ONE_MINUTE = 60_000;

/**
 * Marks a route's limit as one that must hold across every server process (log-in, register,
 * match): counted in PostgreSQL when the portal runs on one, where several servers may answer
 * (the store in plugins/rate-limit-store.ts reads the `shared` mark). Other limits (search, page
 * views) stay in each process's memory: they guard against floods, and a database write per
 * search would cost more than it protects.
 */
export function sharedLimit(options: { max: number; timeWindow: number | string }): RateLimitOptions {
  return { ...options, shared: true } as RateLimitOptions;
}

/** A shared limit of `max` requests a minute, for route options that take it whole. */
export const sharedPerMinute = (max: number) => sharedLimit({ max, timeWindow: ONE_MINUTE });

/**
 * Route config for a per-IP limit, checked in onRequest before the body is even read. Shared by
 * every server process on one PostgreSQL (see sharedLimit).
 */
export const perIpLimit = (max: number) => ({ rateLimit: sharedPerMinute(max) });

/**
 * Route config for the per-IP limit of the search routes (RATE_LIMIT_SEARCH_PER_IP, default 300
 * a minute: generous, since a person typing fires a search per key stroke). Kept in memory.
 */
export function searchRateLimit(config: Readonly<Config>) {
  return { rateLimit: { max: config.rateLimits.searchPerIp, timeWindow: '1 minute' } };
}
