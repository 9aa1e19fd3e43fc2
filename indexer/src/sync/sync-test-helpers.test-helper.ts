import type { FeedSimulator } from '@jobbportalen/feed-simulator';
import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { Meilisearch } from 'meilisearch';
import { createFeedClient, type FeedClient } from '../feed/feed-client.js';
import type { SyncContext } from './sync-context.js';

export const quietLogger = { info() {}, warn() {}, error() {} };

export function feedFor(simulator: FeedSimulator, apiVersion: 'v1' | 'v2' = 'v1'): FeedClient {
  return createFeedClient({
    baseUrl: simulator.url,
    apiVersion,
    minRequestIntervalMs: 0,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 50,
    maxAttempts: 6,
  });
}

export function syncContext(
  db: Kysely<Database>,
  indexUid: string,
  simulator: FeedSimulator,
  feed: FeedClient = feedFor(simulator),
): SyncContext {
  return {
    db,
    indexUid,
    feed,
    logger: quietLogger,
    signal: new AbortController().signal,
    batchSize: 200,
    now: () => new Date(simulator.now()),
  };
}

/** The state that matters: live ads with their content version, and removed ids. */
export async function jobState(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('jobs')
    .select(['id', 'title', 'sourceUpdatedAt', 'removedAt', 'vacancies', 'location'])
    .orderBy('id')
    .execute();
  const live = rows.filter((r) => r.removedAt === null);
  return {
    live: live.map(
      (r) => `${r.id}|${r.title}|${r.sourceUpdatedAt?.toISOString()}|${r.vacancies}|${r.location}`,
    ),
    removedIds: rows.filter((r) => r.removedAt !== null).map((r) => r.id),
  };
}

/** Polls `check` until it holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every document of an index (ids and the fields asked for). */
export async function indexDocuments<T extends Record<string, unknown>>(
  search: Meilisearch,
  indexUid: string,
  fields: string[] = ['id'],
): Promise<(T & { id: string })[]> {
  const documents: (T & { id: string })[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await search.index(indexUid).getDocuments<T & { id: string }>({
      offset,
      limit: 1000,
      // The client types `fields` as keys of T; callers here name fields of the stored document.
      fields: fields as Extract<keyof (T & { id: string }), string>[],
    });
    documents.push(...page.results);
    if (page.results.length < 1000) return documents;
  }
}
