import { onReplicaPositionsWritten, replicaPositions, type Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';

/**
 * The question cache's generation: a value that changes whenever a delivered index change
 * becomes searchable, read from Postgres — so it works across processes (servers apart from the
 * indexer) without any message between them.
 *
 * Why the replicas' rows in search_replicas: the indexer writes a replica's row (its confirmed
 * outbox position, its state, its last error) only after Meilisearch reported the batch's tasks
 * succeeded or failed, and around every fill or rebuild (build and swap). So the rows change
 * exactly when the index answers differently, and reading them is one small query on a handful
 * of rows. (The last succeeded Meilisearch task uid would need a call per replica, and says
 * nothing across a rebuild that swaps indexes.)
 *
 * "Searchable", precisely: a change is searchable once every replica that serves searches — live
 * (not being filled) and not failing its deliveries — has confirmed it, as recorded in
 * search_replicas. The generation is the lowest confirmed position among those replicas, with
 * which replicas they are: an answer from any of them is at least that new, whichever one the
 * read router picked (one replica ahead of the others moves nothing yet, so an answer from one
 * behind is not kept as if it were new). A replica that goes down stops counting as soon as the
 * indexer records its failure. No replica serving: null, nothing is cached.
 *
 * Every question reads the generation afresh — a read that started after the question arrived —
 * so no cached answer is older than a change that was searchable before the question was asked.
 * Reads are shared: however many questions arrive, at most one read runs and one waits (for
 * everyone who came while the first ran), so under load this is about one small query per database round trip, not one per search.
 */
export interface SearchGeneration {
  /** The generation now; null when it cannot be read (then nothing is cached). */
  current(): Promise<string | null>;
  /** Stops listening for this process's writes (`onlyWriterHere`). */
  close(): void;
}

export interface SearchGenerationOptions {
  /**
   * Every write of search_replicas happens in this process (the embedded default: PGlite holds
   * its data directory alone, and the indexer runs in the server's process). Then the generation
   * read is kept until this process writes search_replicas again (the repository says so right
   * after each write), instead of read for every question — on PGlite's one connection those
   * reads queue behind everything else. Where processes are separate (PostgreSQL), a write
   * elsewhere tells nobody here: every question reads.
   */
  onlyWriterHere?: boolean;
}

/** A generation read that takes longer than this is given up: the search goes on uncached. */
const READ_TIMEOUT_MS = 1000;

export function searchGeneration(
  db: Kysely<Database>,
  indexUid: string,
  replicaIds: readonly string[],
  options: SearchGenerationOptions = {},
): SearchGeneration {
  // What the last read said, while no write has happened since it began (onlyWriterHere).
  let kept: string | undefined;
  let writes = 0;
  const stopListening = options.onlyWriterHere
    ? onReplicaPositionsWritten(() => {
        writes += 1;
        kept = undefined;
      })
    : () => undefined;

  async function read(): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS);
    });
    const positions = replicaPositions(db, indexUid, replicaIds).then((rows) => {
      const serving = [...rows.values()].filter(
        (position) => position.state === 'live' && position.lastError === null,
      );
      if (serving.length === 0) return null;
      const lowest = Math.min(...serving.map((position) => position.confirmedSeq));
      return `${lowest}@${serving
        .map((position) => position.replicaId)
        .sort()
        .join(',')}`;
    });
    try {
      return await Promise.race([positions, timeout]);
    } catch {
      // The database away a moment: searches go on, uncached.
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  let running: Promise<string | null> | undefined;
  let queued: Promise<string | null> | undefined;
  const start = () => {
    const writesBefore = writes;
    const reading: Promise<string | null> = read()
      .then((generation) => {
        // Kept only if nothing was written while it was read (a null is asked again next time).
        if (options.onlyWriterHere && generation !== null && writes === writesBefore) kept = generation;
        return generation;
      })
      .finally(() => {
        if (running === reading) running = undefined;
      });
    running = reading;
    return reading;
  };
  return {
    current() {
      if (kept !== undefined) return Promise.resolve(kept);
      if (!running) return start();
      // The read under way began before this question: the next one, after it, answers it.
      queued ??= running.then(() => {
        queued = undefined;
        return start();
      });
      return queued;
    },
    close: stopListening,
  };
}
