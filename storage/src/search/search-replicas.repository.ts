// Owns `search_replicas`: each Meilisearch replica's confirmed position in the search outbox and
// its state (filling, live, rebuild). Written by the indexer, read by every server to route
// searches to replicas that are caught up.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.types.js';

export type ReplicaState = 'filling' | 'live' | 'rebuild';

/**
 * Told, in this process, right after every write of search_replicas here (by any database handle:
 * a listener may be told of writes that do not concern it, never left out of one that does). A
 * database no other process can write (PGlite holds its data directory alone) lets a reader keep
 * what it read until the next write instead of asking again (server/src/search/search-generation.ts).
 */
const writeListeners = new Set<() => void>();

export function onReplicaPositionsWritten(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** Runs a write, then tells the listeners — also when it failed, as it may have been applied. */
async function written(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } finally {
    for (const listener of writeListeners) listener();
  }
}

export interface ReplicaPosition {
  replicaId: string;
  state: ReplicaState;
  /** Every outbox row stamped at or below this position is in this replica. */
  confirmedSeq: number;
  lastError: string | null;
  updatedAt: Date;
}

/** Adds the replicas not known yet, in `state`; known ones keep theirs. */
export async function registerReplicas(
  db: Kysely<Database>,
  indexUid: string,
  replicaIds: readonly string[],
  state: ReplicaState,
): Promise<void> {
  if (replicaIds.length === 0) return;
  await written(
    db
      .insertInto('searchReplicas')
      .values(replicaIds.map((replicaId) => ({ replicaId, indexUid, state })))
      .onConflict((oc) => oc.columns(['replicaId', 'indexUid']).doNothing())
      .execute(),
  );
}

export async function replicaPositions(
  db: Kysely<Database>,
  indexUid: string,
  replicaIds: readonly string[],
): Promise<Map<string, ReplicaPosition>> {
  if (replicaIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('searchReplicas')
    .select(['replicaId', 'state', 'confirmedSeq', 'lastError', 'updatedAt'])
    .where('indexUid', '=', indexUid)
    .where('replicaId', 'in', [...replicaIds])
    .execute();
  return new Map(rows.map((row) => [row.replicaId, { ...row, confirmedSeq: Number(row.confirmedSeq) }]));
}

export async function updateReplica(
  db: Kysely<Database>,
  indexUid: string,
  replicaId: string,
  patch: { state?: ReplicaState; confirmedSeq?: number; lastError?: string | null },
): Promise<void> {
  await written(
    db
      .updateTable('searchReplicas')
      .set({
        ...(patch.state ? { state: patch.state } : {}),
        ...(patch.confirmedSeq !== undefined ? { confirmedSeq: patch.confirmedSeq } : {}),
        ...(patch.lastError !== undefined ? { lastError: patch.lastError } : {}),
        updatedAt: sql<Date>`now()`,
      })
      .where('indexUid', '=', indexUid)
      .where('replicaId', '=', replicaId)
      .execute(),
  );
}

/** Replicas no longer configured stop holding back the outbox's trim and the alert horizon. */
export async function forgetReplicasExcept(
  db: Kysely<Database>,
  indexUid: string,
  replicaIds: readonly string[],
): Promise<void> {
  await written(
    db
      .deleteFrom('searchReplicas')
      .where('indexUid', '=', indexUid)
      .where('replicaId', 'not in', [...replicaIds, ''])
      .execute(),
  );
}

/**
 * How many outbox rows each replica has not confirmed: rows stamped past its position, and rows
 * not (re)stamped yet, which no replica has.
 */
export async function replicaLags(
  db: Kysely<Database>,
  indexUid: string,
  replicaIds: readonly string[],
): Promise<Map<string, number>> {
  if (replicaIds.length === 0) return new Map();
  const rows = await sql<{ replicaId: string; lag: string }>`
    select r.replica_id, (
      select count(*) from search_outbox o
      where o.stamped_version is distinct from o.version or o.seq > r.confirmed_seq
    ) as lag
    from search_replicas r
    where r.index_uid = ${indexUid} and r.replica_id in (${sql.join([...replicaIds])})`.execute(db);
  return new Map(rows.rows.map((row) => [row.replicaId, Number(row.lag)]));
}
