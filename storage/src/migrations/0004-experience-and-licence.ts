import { sql, type Kysely } from 'kysely';

/** The feed's yes/no at `key` of the stored payload; anything but a JSON boolean is null. */
const rawFlag = (key: string) =>
  sql`case when jsonb_typeof(raw -> ${sql.lit(key)}) = 'boolean' then (raw ->> ${sql.lit(key)})::boolean end`;

/**
 * 'Ingen erfarenhet krävs' and 'Inget körkort krävs': the feed's experience_required and
 * driving_license_required get columns of their own (null: the ad does not say). Stored ads are
 * filled in from the payload we kept (raw holds both fields), and every live ad is queued for the
 * search index, whose documents gain the two filterable attributes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('experience_required', 'boolean')
    .addColumn('driving_licence_required', 'boolean')
    .execute();
  await sql`
    update jobs
    set experience_required = ${rawFlag('experience_required')},
        driving_licence_required = ${rawFlag('driving_license_required')}
  `.execute(db);
  // The same upsert the indexer's outbox makes: a job already queued gets a new version.
  await sql`
    insert into search_outbox (job_id)
    select id from jobs where removed_at is null
    on conflict (job_id) do update set version = search_outbox.version + 1
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .dropColumn('experience_required')
    .dropColumn('driving_licence_required')
    .execute();
}
