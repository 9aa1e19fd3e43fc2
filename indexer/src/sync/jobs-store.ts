import type { Database, JobRow } from '@jobbportalen/storage';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { NormalizedJob } from '../normalize/normalized-job.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface UpsertResult {
  /** Ads written (new, changed, or revived). Older versions than the stored one are skipped. */
  written: number;
  vacancies: number;
}

function toRow(job: NormalizedJob, now: Date) {
  return {
    ...job,
    mustHaveSkills: JSON.stringify(job.mustHaveSkills),
    niceToHaveSkills: JSON.stringify(job.niceToHaveSkills),
    raw: JSON.stringify(job.raw),
    updatedAt: now,
    removedAt: null,
  };
}

/** Marks jobs as needing (re)indexing. The version bump lets the drainer spot re-enqueues. */
export async function enqueueForIndexing(db: Db, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .insertInto('searchOutbox')
    .values(jobIds.map((jobId) => ({ jobId })))
    .onConflict((oc) =>
      oc.column('jobId').doUpdateSet({ version: sql`search_outbox.version + 1`, enqueuedAt: sql`now()` }),
    )
    .execute();
}

/**
 * The jobs the upsert below would write: new ones, and those newer than the stored version. A
 * snapshot after a restart and every stream window's overlap repeat mostly ads we hold already,
 * and sending those for the database to parse (the payload is jsonb) and refuse cost more than
 * asking for their versions first. The upsert keeps its own check: this is only a shortcut.
 */
async function withoutStoredVersions(db: Kysely<Database>, jobs: NormalizedJob[]): Promise<NormalizedJob[]> {
  const stored = await db
    .selectFrom('jobs')
    .select(['id', 'sourceUpdatedAt'])
    .where('id', '=', sql<string>`any(${jobs.map((job) => job.id)}::text[])`)
    .execute();
  const storedVersions = new Map(stored.map((row) => [row.id, row.sourceUpdatedAt]));
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
  if (changed.length === 0) return { written: 0, vacancies: 0 };
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const written = await trx
      .insertInto('jobs')
      .values(changed.map((job) => toRow(job, now)))
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            company: eb.ref('excluded.company'),
            location: eb.ref('excluded.location'),
            municipality: eb.ref('excluded.municipality'),
            municipalityCode: eb.ref('excluded.municipalityCode'),
            region: eb.ref('excluded.region'),
            category: eb.ref('excluded.category'),
            mainCategory: eb.ref('excluded.mainCategory'),
            occupation: eb.ref('excluded.occupation'),
            occupationId: eb.ref('excluded.occupationId'),
            occupationGroup: eb.ref('excluded.occupationGroup'),
            occupationGroupId: eb.ref('excluded.occupationGroupId'),
            occupationField: eb.ref('excluded.occupationField'),
            occupationFieldId: eb.ref('excluded.occupationFieldId'),
            extent: eb.ref('excluded.extent'),
            form: eb.ref('excluded.form'),
            lastDate: eb.ref('excluded.lastDate'),
            applicationUrl: eb.ref('excluded.applicationUrl'),
            descriptionHtml: eb.ref('excluded.descriptionHtml'),
            descriptionText: eb.ref('excluded.descriptionText'),
            vacancies: eb.ref('excluded.vacancies'),
            remote: eb.ref('excluded.remote'),
            lat: eb.ref('excluded.lat'),
            lng: eb.ref('excluded.lng'),
            publishedAt: eb.ref('excluded.publishedAt'),
            expiresAt: eb.ref('excluded.expiresAt'),
            sourceUpdatedAt: eb.ref('excluded.sourceUpdatedAt'),
            mustHaveSkills: eb.ref('excluded.mustHaveSkills'),
            niceToHaveSkills: eb.ref('excluded.niceToHaveSkills'),
            raw: eb.ref('excluded.raw'),
            updatedAt: eb.ref('excluded.updatedAt'),
            removedAt: sql`case when jobs.removed_at is not null and excluded.source_updated_at <= jobs.removed_at
              then jobs.removed_at else null end`,
          }))
          .where((eb) =>
            eb.or([
              eb('jobs.sourceUpdatedAt', 'is', null),
              eb('excluded.sourceUpdatedAt', 'is', null),
              eb('excluded.sourceUpdatedAt', '>', eb.ref('jobs.sourceUpdatedAt')),
            ]),
          ),
      )
      .returning(['id', 'vacancies'])
      .execute();
    await enqueueForIndexing(
      trx,
      written.map((row) => row.id),
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
    const removed = await sql<{ id: string }>`
      update jobs set removed_at = r.removed_at, updated_at = ${now}
      from unnest(${[...byId.keys()]}::text[], ${[...byId.values()]}::timestamptz[]) as r(id, removed_at)
      where jobs.id = r.id and jobs.removed_at is null
      returning jobs.id`.execute(trx);
    await enqueueForIndexing(
      trx,
      removed.rows.map((row) => row.id),
    );
    return removed.rows.length;
  });
}

/** Ads past their last publication date leave the portal even though the feed sends no event. */
export async function expireJobs(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('jobs')
      .set({ removedAt: sql`expires_at`, updatedAt: now })
      .where('removedAt', 'is', null)
      .where('expiresAt', '<', now)
      .returning('id')
      .execute();
    await enqueueForIndexing(
      trx,
      expired.map((row) => row.id),
    );
    return expired.length;
  });
}

export async function countLiveJobs(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('removedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Live ads written before `before`, in id order, a page at a time (keyset pagination). */
export async function* liveJobIdsWrittenBefore(db: Kysely<Database>, before: Date, pageSize = 5000) {
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('jobs')
      .select('id')
      .where('removedAt', 'is', null)
      .where('updatedAt', '<', before)
      .where('id', '>', after)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    if (page.length === 0) return;
    yield page.map((row) => row.id);
    after = page[page.length - 1]!.id;
  }
}

export async function jobsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<JobRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', sql<string>`any(${[...ids]}::text[])`)
    .execute();
}

/** Marks many ads removed at once (ads missing from a complete snapshot). */
export async function markRemovedBulk(
  db: Kysely<Database>,
  ids: readonly string[],
  removedAt: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable('jobs')
      .set({ removedAt, updatedAt: removedAt })
      .where('id', '=', sql<string>`any(${[...ids]}::text[])`)
      .where('removedAt', 'is', null)
      .returning('id')
      .execute();
    await enqueueForIndexing(
      trx,
      removed.map((row) => row.id),
    );
    return removed.length;
  });
}
