import {
  confirmJobsDelivered,
  expireJobsBefore,
  markJobsRemoved,
  markJobsRemovedAt,
  storedJobVersions,
  upsertJobsIfNewer,
  type Database,
  type NewJobRow,
} from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { NormalizedJob } from '../normalize/normalized-job.js';
import { enqueueForIndexing } from '../repositories/search-outbox.repository.js';

// Every change to `jobs` is queued for the search index in the same transaction, so Meilisearch
// never misses one (the outbox is drained by search-outbox.ts).

export interface UpsertResult {
  /** Ads written (new, changed, or revived). Older versions than the stored one are skipped. */
  written: number;
  vacancies: number;
}

function toRow(job: NormalizedJob, now: Date): NewJobRow {
  return {
    ...job,
    mustHaveSkills: JSON.stringify(job.mustHaveSkills),
    niceToHaveSkills: JSON.stringify(job.niceToHaveSkills),
    mustHaveLanguages: JSON.stringify(job.mustHaveLanguages),
    drivingLicences: JSON.stringify(job.drivingLicences),
    raw: JSON.stringify(job.raw),
    lastConfirmedAt: now,
    updatedAt: now,
    removedAt: null,
  };
}

/**
 * The jobs the upsert below would write: new ones, and those newer than the stored version. A
 * snapshot after a restart and every stream window's overlap repeat mostly ads we hold already,
 * and sending those for the database to parse (the payload is jsonb) and refuse cost more than
 * asking for their versions first. The upsert keeps its own check: this is only a shortcut.
 */
async function withoutStoredVersions(db: Kysely<Database>, jobs: NormalizedJob[]): Promise<NormalizedJob[]> {
  const storedVersions = await storedJobVersions(
    db,
    jobs.map((job) => job.id),
  );
  return jobs.filter((job) => {
    if (!storedVersions.has(job.id)) return true;
    const storedVersion = storedVersions.get(job.id) ?? null;
    return storedVersion === null || job.sourceUpdatedAt === null || job.sourceUpdatedAt > storedVersion;
  });
}

/**
 * Writes a batch of ads and queues them for the search index, in one transaction. Idempotent:
 * the same batch twice leaves the same state. A version older than the stored one (an
 * overlapping stream window, a snapshot that started before a stream update) is not written, and
 * an ad removed after this version was published stays removed.
 */
export async function upsertJobs(
  db: Kysely<Database>,
  jobs: readonly NormalizedJob[],
): Promise<UpsertResult> {
  if (jobs.length === 0) return { written: 0, vacancies: 0 };
  // The same id twice in one statement would make ON CONFLICT fail: keep the newest.
  const byId = new Map<string, NormalizedJob>();
  for (const job of jobs) {
    const seen = byId.get(job.id);
    if (!seen || (job.sourceUpdatedAt?.getTime() ?? 0) >= (seen.sourceUpdatedAt?.getTime() ?? 0))
      byId.set(job.id, job);
  }
  const changed = await withoutStoredVersions(db, [...byId.values()]);
  const now = new Date();
  // The feed delivered every ad of the batch: the unchanged ones are confirmed, not rewritten, and
  // not queued for the index either (their search document is the same).
  if (changed.length === 0) {
    await confirmJobsDelivered(db, [...byId.keys()], now);
    return { written: 0, vacancies: 0 };
  }
  return db.transaction().execute(async (trx) => {
    const written = await upsertJobsIfNewer(
      trx,
      changed.map((job) => toRow(job, now)),
    );
    await enqueueForIndexing(
      trx,
      written.map((row) => row.id),
    );
    const writtenIds = new Set(written.map((row) => row.id));
    await confirmJobsDelivered(
      trx,
      [...byId.keys()].filter((id) => !writtenIds.has(id)),
      now,
    );
    return { written: written.length, vacancies: written.reduce((sum, row) => sum + row.vacancies, 0) };
  });
}

/** Marks ads removed (keeping their content, for saved-job lists) and queues their deletion from the index. */
export async function markRemoved(
  db: Kysely<Database>,
  removals: readonly { id: string; removedAt: Date | null }[],
): Promise<number> {
  if (removals.length === 0) return 0;
  const now = new Date();
  // One statement for the batch; the first event for an id wins, as it did one at a time.
  const byId = new Map<string, Date>();
  for (const { id, removedAt } of removals) if (!byId.has(id)) byId.set(id, removedAt ?? now);
  return db.transaction().execute(async (trx) => {
    const removed = await markJobsRemovedAt(trx, byId, now);
    await enqueueForIndexing(trx, removed);
    return removed.length;
  });
}

/** Ads past their last publication date leave the portal even though the feed sends no event. */
export async function expireJobs(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await expireJobsBefore(trx, now);
    await enqueueForIndexing(trx, expired);
    return expired.length;
  });
}

/** Marks many ads removed at once (ads missing from a complete snapshot). */
export async function markRemovedBulk(
  db: Kysely<Database>,
  ids: readonly string[],
  removedAt: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const removed = await markJobsRemoved(trx, ids, removedAt);
    await enqueueForIndexing(trx, removed);
    return removed.length;
  });
}
