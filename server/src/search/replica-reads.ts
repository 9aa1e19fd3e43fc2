import type { SearchReplicaStatus } from '@jobbportalen/contracts/api/search-replicas';
import {
  replicaLags,
  replicaPositions,
  type Database,
  type SearchEngine,
  type SearchReplica,
} from '@jobbportalen/storage';
import type { Kysely } from 'kysely';

export interface ReplicaReadsOptions {
  /** How often the replicas' health and positions are looked at. */
  intervalMs?: number;
  /**
   * Outbox rows a replica may trail the best-placed live one by and still take reads. Relative
   * to the best: while a snapshot is imported every replica is far behind, and all still answer.
   */
  maxLag?: number;
  /** Time a replica has to answer the health look. */
  probeTimeoutMs?: number;
}

export interface ReplicaReads {
  /** Looks again now (tests; the timer does it every intervalMs). */
  refresh(): Promise<void>;
  stop(): void;
}

export const DEFAULT_READ_MAX_LAG = 1000;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

async function probe(replica: SearchReplica, indexUid: string, timeoutMs: number) {
  try {
    const stats = await withTimeout(replica.client.index(indexUid).getStats(), timeoutMs);
    return { healthy: true, documents: stats.numberOfDocuments, error: null };
  } catch (error) {
    return { healthy: false, documents: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Each replica as searches see it: reachable (its index answers, with its document count), its
 * state and outbox lag from search_replicas, and whether it may take reads — reachable, live (not
 * being filled) and no more than `maxLag` rows behind the best-placed live one.
 */
export async function replicaStatuses(
  replicas: readonly SearchReplica[],
  db: Kysely<Database>,
  indexUid: string,
  options: ReplicaReadsOptions = {},
): Promise<SearchReplicaStatus[]> {
  const maxLag = options.maxLag ?? DEFAULT_READ_MAX_LAG;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1000;
  const ids = replicas.map((replica) => replica.id);
  const [probes, positions, lags] = await Promise.all([
    Promise.all(replicas.map((replica) => probe(replica, indexUid, probeTimeoutMs))),
    replicaPositions(db, indexUid, ids),
    replicaLags(db, indexUid, ids),
  ]);
  const statuses = replicas.map((replica, i): SearchReplicaStatus => {
    const position = positions.get(replica.id);
    return {
      id: replica.id,
      healthy: probes[i]!.healthy,
      state: position?.state ?? null,
      lag: lags.get(replica.id) ?? null,
      documents: probes[i]!.documents,
      error: probes[i]!.error ?? position?.lastError ?? null,
      takesReads: false,
    };
  });
  const candidates = statuses.filter((status) => status.healthy && status.state === 'live');
  const best = Math.min(...candidates.map((status) => status.lag ?? 0));
  for (const status of candidates) status.takesReads = (status.lag ?? 0) - best <= maxLag;
  return statuses;
}

/**
 * Watches the engine's replicas for the server's searches: every couple of seconds their
 * statuses are taken (replicaStatuses), and the engine's read router sends searches only to the
 * replicas that take reads. Nothing to watch with one replica.
 */
export function watchReplicaReads(
  engine: SearchEngine,
  db: Kysely<Database>,
  indexUid: string,
  options: ReplicaReadsOptions = {},
): ReplicaReads {
  const intervalMs = options.intervalMs ?? 2000;
  const replicas = engine.replicas;
  let takesReads = new Set<string>();

  async function refresh() {
    const statuses = await replicaStatuses(replicas, db, indexUid, options);
    takesReads = new Set(statuses.filter((status) => status.takesReads).map((status) => status.id));
  }

  if (replicas.length > 1) engine.reads.useEligibility((replica) => takesReads.has(replica.id));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    // A failed look (the database away a moment) keeps the last answer until the next one.
    await refresh().catch(() => undefined);
    if (!stopped) timer = setTimeout(() => void loop(), intervalMs).unref();
  };
  if (replicas.length > 1) void loop();
  return {
    refresh,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
