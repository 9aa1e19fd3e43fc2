import { sql, type Kysely } from 'kysely';

/**
 * 'Min profil' (issue #29): what a logged-in seeker keeps of a CV they had read. One row per
 * account, gone with the account. The profile is a summary (occupations, skills, languages,
 * licences, places, years) — never the CV's text. The file itself is kept only when its owner
 * ticks the box for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('candidate_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // SavedProfile (contracts/api/candidate-profile) as JSON.
    .addColumn('profile', 'jsonb', (c) => c.notNull())
    .addColumn('cv_file', 'bytea')
    .addColumn('cv_file_name', 'text')
    .addColumn('cv_saved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('candidate_profiles').execute();
}
