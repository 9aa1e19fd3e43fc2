import { rollingSelectionPhrases, saysRollingSelection } from '@jobbportalen/lexicon/rolling-selection';
import { sql, type Kysely, type RawBuilder } from 'kysely';

// Values the feed writes to mean "nothing" (the indexer's readConcept skips them too).
const EMPTY_LABELS = sql.raw(`'[]', '{}', 'null', 'undefined'`);

/**
 * The label of a taxonomy concept in the stored payload, as the indexer reads it: an object's
 * `label`, a bare string, or the first of an array; whitespace collapsed; null when empty.
 */
function conceptLabel(concept: RawBuilder<unknown>): RawBuilder<string | null> {
  const value = sql`(case when jsonb_typeof(${concept}) = 'array' then (${concept}) -> 0 else ${concept} end)`;
  const text = sql`btrim(regexp_replace(case jsonb_typeof(${value})
      when 'object' then ${value} ->> 'label' when 'string' then ${value} #>> '{}' end, '\\s+', ' ', 'g'))`;
  return sql<
    string | null
  >`(case when ${text} <> '' and lower(${text}) not in (${EMPTY_LABELS}) then ${text} end)`;
}

/** The labels of a concept list, each once (ignoring case), in the feed's order, as a JSON array. */
function conceptLabels(list: RawBuilder<unknown>): RawBuilder<string> {
  const array = sql`(case when jsonb_typeof(${list}) = 'array' then ${list} else '[]'::jsonb end)`;
  return sql<string>`(select coalesce(jsonb_agg(label order by ord), '[]'::jsonb) from (
      select distinct on (lower(label)) label, ord from (
        select ${conceptLabel(sql`item.value`)} as label, item.ord
        from jsonb_array_elements(${array}) with ordinality as item(value, ord)) as labels
      where label is not null
      order by lower(label), ord) as firsts)`;
}

/** A share of full time from the payload: a whole number 0–100 (a number or numeric text), else null. */
function percent(value: RawBuilder<unknown>): RawBuilder<number | null> {
  const text = sql`btrim(${value} #>> '{}')`;
  return sql<number | null>`(case when jsonb_typeof(${value}) in ('number', 'string')
      and ${text} ~ '^-?[0-9]+(\\.[0-9]+)?$' and trunc(${text}::numeric) between 0 and 100
      then trunc(${text}::numeric)::integer end)`;
}

/**
 * A LIKE pattern that finds at least every text containing the phrase: words in order with
 * anything between them (a line break, two spaces), and letters outside ASCII as any one
 * character, because the database's ILIKE may fold only ASCII case ('LÖPANDE'). The lexicon's
 * rule then decides for each ad found.
 */
const candidatePattern = (phrase: string) =>
  `%${phrase
    .split(' ')
    .map((word) => word.replace(/[%_\\]/g, '\\$&').replace(/[^\x20-\x7e]/gu, '_'))
    .join('%')}%`;

/**
 * The facts of the ad page: salary type, duration, scope of work, must-have languages and driving
 * licences get columns (the stored payload kept all of them, so stored ads are filled in from it),
 * and 'Urval sker löpande' a flag computed from the ad's words. last_confirmed_at is when the feed
 * last delivered the ad; for a stored live ad the last write is the best we know. Every live ad is
 * queued for the search index, whose documents gain the facts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('salary_type', 'text')
    .addColumn('duration', 'text')
    .addColumn('scope_of_work_min', 'integer')
    .addColumn('scope_of_work_max', 'integer')
    .addColumn('must_have_languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('driving_licences', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('rolling_selection', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_confirmed_at', 'timestamptz')
    .execute();
  await sql`
    update jobs
    set salary_type = ${conceptLabel(sql`raw -> 'salary_type'`)},
        duration = ${conceptLabel(sql`raw -> 'duration'`)},
        scope_of_work_min = ${percent(sql`raw -> 'scope_of_work' -> 'min'`)},
        scope_of_work_max = ${percent(sql`raw -> 'scope_of_work' -> 'max'`)},
        must_have_languages = ${conceptLabels(sql`raw -> 'must_have' -> 'languages'`)},
        driving_licences = ${conceptLabels(sql`raw -> 'driving_license'`)},
        last_confirmed_at = case when removed_at is null then updated_at end
  `.execute(db);
  await fillRollingSelection(db);
  // The same upsert the indexer's outbox makes: a job already queued gets a new version.
  await sql`
    insert into search_outbox (job_id)
    select id from jobs where removed_at is null
    on conflict (job_id) do update set version = search_outbox.version + 1
  `.execute(db);
}

/** 'Urval sker löpande' for stored ads, from the headline and the description text we kept. */
async function fillRollingSelection(db: Kysely<unknown>): Promise<void> {
  const patterns = rollingSelectionPhrases().map(candidatePattern);
  const candidates = await sql<{ id: string; title: string; text: string | null }>`
    select id, title, raw -> 'description' ->> 'text' as text from jobs
    where (title || ' ' || coalesce(raw -> 'description' ->> 'text', '')) ilike any(${patterns}::text[])
  `.execute(db);
  const rolling = candidates.rows
    .filter((row) => saysRollingSelection(row.title, row.text))
    .map((row) => row.id);
  if (rolling.length === 0) return;
  await sql`update jobs set rolling_selection = true where id = any(${rolling}::text[])`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .dropColumn('salary_type')
    .dropColumn('duration')
    .dropColumn('scope_of_work_min')
    .dropColumn('scope_of_work_max')
    .dropColumn('must_have_languages')
    .dropColumn('driving_licences')
    .dropColumn('rolling_selection')
    .dropColumn('last_confirmed_at')
    .execute();
}
