// The SQL of backup and restore, for every table at once. What a backup knows of the schema it
// reads from Postgres's own catalog, so that a table added by a migration is backed up without
// this module being told: the tables in foreign-key order, each table's primary key (for reading
// it in pages), and the sequences.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.types.js';

type AnyDb = Kysely<Database>;

/**
 * Tables whose rows a backup leaves out. The search outbox and the replicas' positions describe
 * a Meilisearch that the restored portal does not have: without them every replica counts as
 * new and is filled from the restored ads (build and swap). Rate-limit counters last a minute,
 * and keep keys of visitors. Kysely's own tables are the migration list in the header.
 */
export const TABLES_LEFT_OUT: ReadonlySet<string> = new Set([
  'search_outbox',
  'search_replicas',
  'rate_limit_counters',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** A catalog name as an SQL identifier (names come from the catalog, never from a user). */
export function ident(name: string): RawBuilder<unknown> {
  return sql.raw(`"${name.split('"').join('""')}"`);
}

export async function publicTables(db: AnyDb): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`.execute(db);
  return result.rows.map((row) => row.name);
}

/** The tables a backup holds, parents before the tables that refer to them (restore order). */
export async function tablesInRestoreOrder(db: AnyDb): Promise<string[]> {
  const tables = (await publicTables(db)).filter((name) => !TABLES_LEFT_OUT.has(name));
  const links = await sql<{ child: string; parent: string }>`
    select ch.relname as child, pa.relname as parent
    from pg_constraint k
      join pg_class ch on ch.oid = k.conrelid
      join pg_class pa on pa.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace
    where k.contype = 'f' and n.nspname = 'public'`.execute(db);
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of links.rows) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table) && [...parents.get(table)!].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (ready.length === 0) throw new Error('The tables refer to each other in a cycle');
    for (const table of ready) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

export interface KeyColumn {
  column: string;
  type: string;
}

export async function primaryKey(db: AnyDb, table: string): Promise<KeyColumn[]> {
  const result = await sql<KeyColumn>`
    select a.attname as column, format_type(a.atttypid, a.atttypmod) as type
    from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where n.nspname = 'public' and c.relname = ${table} and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
  if (result.rows.length === 0) throw new Error(`Table ${table} has no primary key to read it by`);
  return result.rows;
}

/** Every sequence of the schema that has been used, with its last value. */
export async function sequenceValues(db: AnyDb): Promise<Record<string, number>> {
  const result = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`.execute(
    db,
  );
  const values: Record<string, number> = {};
  for (const row of result.rows) if (row.value !== null) values[row.name] = Number(row.value);
  return values;
}

/** The migrations applied to this database, oldest first; null when it has no schema yet. */
export async function appliedMigrations(db: AnyDb): Promise<string[] | null> {
  const tables = await publicTables(db);
  if (!tables.includes('kysely_migration')) return null;
  const result = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return result.rows.map((row) => row.name);
}

/** One page of a table in primary-key order, after the key `after` (text values, as returned). */
export async function readTablePage(
  db: AnyDb,
  table: string,
  key: readonly KeyColumn[],
  after: readonly string[] | undefined,
  limit: number,
): Promise<{ line: string; key: string[] }[]> {
  const keyColumns = sql.join(key.map((k) => sql`t.${ident(k.column)}`));
  const keyAsText = sql.join(key.map((k) => sql`t.${ident(k.column)}::text`));
  const past = after
    ? sql`where (${keyColumns}) > (${sql.join(key.map((k, i) => sql`cast(${after[i]} as ${sql.raw(k.type)})`))})`
    : sql``;
  const page = await sql<{ line: string; key: string[] }>`
    select row_to_json(t)::text as line, array[${keyAsText}] as key
    from public.${ident(table)} t ${past} order by ${keyColumns} limit ${limit}`.execute(db);
  return page.rows;
}

export async function tableHasRows(db: AnyDb, table: string): Promise<boolean> {
  const row = await sql`select 1 from public.${ident(table)} limit 1`.execute(db);
  return row.rows.length > 0;
}

export async function truncateTables(db: AnyDb, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`truncate ${sql.join(tables.map((t) => sql`public.${ident(t)}`))}`.execute(db);
}

/** Inserts rows given as row_to_json text (a backup's lines): Postgres parses every column. */
export async function insertJsonRows(db: AnyDb, table: string, rows: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  const json = `[${rows.join(',')}]`;
  await sql`insert into public.${ident(table)}
    select * from json_populate_recordset(null::public.${ident(table)}, ${json}::json)`.execute(db);
}

export async function setSequence(db: AnyDb, name: string, value: number): Promise<void> {
  const qualified = `public."${name.split('"').join('""')}"`;
  await sql`select setval(${qualified}::regclass, ${value}, true)`.execute(db);
}
