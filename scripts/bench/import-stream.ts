// Stream windows for `npm run bench:import`: applied by the indexer daemon on its own schedule,
// exactly as in production (the outbox holds still while a window is written, then is woken),
// and each timed from the moment the daemon began it until its changes are searchable.
import { outboxSize, type StreamWindowResult, type SyncLogger } from '@jobbportalen/indexer';
import { newestLiveJobWrittenSince, type Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { Meilisearch } from 'meilisearch';

/** Time between two windows of the bench's daemon: the feed changes a little meanwhile. */
export const STREAM_INTERVAL_MS = 10_000;
const WINDOW_TIMEOUT_MS = 5 * STREAM_INTERVAL_MS;

export interface StreamRound {
  records: number;
  written: number;
  removed: number;
  /** Seconds from the start of the window until it was written to the database. */
  applied: number;
  /** Seconds from the start of the window until its newest ad is found and the outbox is empty. */
  searchable: number;
}

interface AppliedWindow {
  result: StreamWindowResult;
  /** Date.now() when the daemon logged it. */
  loggedAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The daemon's logger, which also hands each stream window the daemon applies to the bench. */
export function watchStreamWindows() {
  const applied: AppliedWindow[] = [];
  const logger: SyncLogger = {
    info(obj, msg) {
      if (msg === 'stream window applied') {
        applied.push({ result: obj as StreamWindowResult, loggedAt: Date.now() });
      }
    },
    warn: (obj, msg) => console.error(`warn: ${msg ?? ''}`, obj),
    error: (obj, msg) => console.error(`error: ${msg ?? ''}`, obj),
  };
  async function nextWindow(): Promise<AppliedWindow> {
    const deadline = Date.now() + WINDOW_TIMEOUT_MS;
    for (;;) {
      const window = applied.shift();
      if (window) return window;
      if (Date.now() > deadline) throw new Error('the daemon applied no stream window');
      await sleep(10);
    }
  }
  return { logger, nextWindow };
}

/** Waits until the changes of an applied window are searchable, and times it from its start. */
export async function measureStreamWindow(
  db: Kysely<Database>,
  search: Meilisearch,
  indexUid: string,
  { result, loggedAt }: AppliedWindow,
): Promise<StreamRound> {
  // The window's own clock reading when it began, just before it asked the feed.
  const startedAt = result.updatedBefore.getTime();
  // The newest ad this window wrote: found by a real search for its title once it is indexed.
  const target = await newestLiveJobWrittenSince(db, result.updatedBefore);
  const found = async () => {
    if (!target) return true;
    const filter = target.publishedAt
      ? `publishedTs = ${Math.floor(target.publishedAt.getTime() / 1000)}`
      : undefined;
    const hits = await search
      .index(indexUid)
      .search(target.title, { filter, limit: 200, attributesToRetrieve: ['id'] });
    return hits.hits.some((hit) => hit.id === target.id);
  };
  while ((await outboxSize(db)) > 0 || !(await found())) await sleep(20);
  return {
    records: result.records,
    written: result.imported,
    removed: result.removed,
    applied: (loggedAt - startedAt) / 1000,
    searchable: (Date.now() - startedAt) / 1000,
  };
}
