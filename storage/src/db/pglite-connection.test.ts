import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePoolConfig } from './pglite-connection.js';

// node-postgres talking to an in-process PGlite through our connection: what the rest of the code
// relies on without saying so (errors that leave the connection usable, parameters of every type,
// a pool that lets its idle client go and connects a new one).
describe('PgliteConnection', () => {
  let pglite: PGlite;
  let pool: pg.Pool;

  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
    pool = new pg.Pool({ ...pglitePoolConfig(pglite), idleTimeoutMillis: 50 });
  });

  afterAll(async () => {
    await pool.end();
    await pglite.close();
  });

  it('sends parameters of every type and reads the rows back', async () => {
    const text = 'Sjuksköterska – natt "100 %" \\ 日本';
    const { rows } = await pool.query<{ text: string; n: number; at: Date; ids: string[]; nothing: null }>(
      'select $1::text as text, $2::int as n, $3::timestamptz as at, $4::text[] as ids, $5::text as nothing',
      [text, 42, new Date('2026-11-22T10:00:00Z'), ['a', 'b'], null],
    );
    expect(rows).toEqual([
      { text, n: 42, at: new Date('2026-11-22T10:00:00Z'), ids: ['a', 'b'], nothing: null },
    ]);
  });

  it('fails one query with the server error and answers the next', async () => {
    await expect(pool.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    await expect(pool.query('select $1::int as n', ['not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
    const { rows } = await pool.query('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('rolls back a failed transaction and keeps what a committed one wrote', async () => {
    await pool.query('create table kept (value text)');
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('insert into kept values ($1)', ['rolled back']);
      await expect(client.query('insert into kept values (1/0)')).rejects.toThrow(/division by zero/);
      await client.query('rollback');
      await client.query('begin');
      await client.query('insert into kept values ($1)', ['committed']);
      await client.query('commit');
    } finally {
      client.release();
    }
    const { rows } = await pool.query('select value from kept');
    expect(rows).toEqual([{ value: 'committed' }]);
  });

  it('runs queries sent at once in the order they were sent', async () => {
    await pool.query('create table ordered (n int)');
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => pool.query('insert into ordered values ($1)', [n])),
    );
    const { rows } = await pool.query<{ n: number }>('select n from ordered');
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it("hands a NOTIFY sent through the pool to PGlite's listeners", async () => {
    const payloads: string[] = [];
    const unlisten = await pglite.listen('feed_control', (payload) => payloads.push(payload));
    await pool.query("select pg_notify('feed_control', 'snapshot')");
    await unlisten();
    expect(payloads).toEqual(['snapshot']);
  });

  it('connects a new client after the pool let the idle one go', async () => {
    await pool.query('select 1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pool.totalCount).toBe(0);
    const { rows } = await pool.query('select 2 as two');
    expect(rows).toEqual([{ two: 2 }]);
  });
});
