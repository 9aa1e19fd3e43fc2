import type { FastifyInstance } from 'fastify';
import { perAccountLimit } from '../../http/per-account-limit.js';

/**
 * The per-account limit of the saved-search routes that count new ads (list, save, change):
 * RATE_LIMIT_SAVED_SEARCHES_PER_ACCOUNT requests a minute, one budget for the three together,
 * so an account cannot spend three budgets by taking turns between them. In memory, like the
 * search limit: the counts are mostly cached anyway (saved-searches.service.ts).
 */
export const perAccountSavedSearchLimit = (app: FastifyInstance, max: number) =>
  perAccountLimit(app, 'saved-searches', max);
