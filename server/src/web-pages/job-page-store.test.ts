// Job pages stored on disk (job-page-store.ts) and made ahead of visitors (job-page-warmer.ts):
// a visit to a live ad whose page is stored is a file read, not a render; a change of the ad, a
// new build or an old page is a render again; nothing a visitor sends can fill the store with
// variants; and the warmer's own requests are not page views.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { HOUR_MS } from '@jobbportalen/contracts';
import { markJobsRemoved } from '@jobbportalen/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { isServable, jobPageStore, STORED_PAGE_MAX_AGE_MS, type StoredPage } from './job-page-store.js';
import { isPageWarming } from './job-page-warmer.js';
import { writeTestWebBuild } from './test-web-build.test-helper.js';

const PUBLIC_URL = 'https://jobb.example.se';

describe('a stored page is served', () => {
  const page: StoredPage = {
    etag: '"bygge-v1"',
    status: 200,
    renderedAt: Date.UTC(2026, 10, 28, 12, 0),
    brotli: Buffer.from('x'),
  };
  it('for its own version and build only, within its age, on the day it was made', () => {
    expect(isServable(page, '"bygge-v1"', page.renderedAt + 1000)).toBe(true);
    expect(isServable(page, '"bygge-v2"', page.renderedAt + 1000)).toBe(false);
    expect(isServable(page, '"annat-v1"', page.renderedAt + 1000)).toBe(false);
    expect(isServable(page, '"bygge-v1"', page.renderedAt + STORED_PAGE_MAX_AGE_MS - 1)).toBe(true);
    expect(isServable(page, '"bygge-v1"', page.renderedAt + STORED_PAGE_MAX_AGE_MS)).toBe(false);
    // The warmer asks with a margin: a page that would lapse before its next round is made again.
    expect(isServable(page, '"bygge-v1"', page.renderedAt + 50 * 60_000, 20 * 60_000)).toBe(false);
    // 23:30 and 00:10 in Stockholm (UTC+1): 40 minutes apart, but another day ('i morgon' moved).
    const late = { ...page, renderedAt: Date.UTC(2026, 10, 28, 22, 30) };
    expect(isServable(late, '"bygge-v1"', Date.UTC(2026, 10, 28, 22, 50))).toBe(true);
    expect(isServable(late, '"bygge-v1"', Date.UTC(2026, 10, 28, 23, 10))).toBe(false);
    // A clock that went back is no reason to trust a page from the future.
    expect(isServable(page, '"bygge-v1"', page.renderedAt - 1000)).toBe(false);
  });

  it('from a file that reads back whole, and damaged files are misses; the sweep takes old ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-pages-'));
    const warnings: string[] = [];
    const store = jobPageStore({
      dir: path.join(dir, 'sidor'),
      warn: (_error, message) => warnings.push(message),
    });
    try {
      const brotli = zlib.brotliCompressSync(Buffer.from('<html>sida</html>'));
      await store.write('annons', { ...page, brotli });
      const read = await store.read('annons');
      expect(read).toEqual({ ...page, brotli });
      expect(await store.read('okand')).toBeUndefined();
      fs.writeFileSync(path.join(dir, 'sidor', 'trasig.page'), 'inget huvud');
      expect(await store.read('trasig')).toBeUndefined();
      fs.writeFileSync(path.join(dir, 'sidor', 'tom.page'), '{"etag":"x","status":200,"renderedAt":1}\n');
      expect(await store.read('tom')).toBeUndefined();

      expect(await store.sweep(Date.now())).toBe(0);
      expect(await store.sweep(Date.now() + STORED_PAGE_MAX_AGE_MS + 1000)).toBe(3);
      expect(fs.readdirSync(path.join(dir, 'sidor'))).toEqual([]);

      // A directory that cannot be made: no page is stored, no error reaches anyone, one warning.
      fs.writeFileSync(path.join(dir, 'fil'), '');
      const blocked = jobPageStore({
        dir: path.join(dir, 'fil', 'sidor'),
        warn: (_e, m) => warnings.push(m),
      });
      await blocked.write('a', { ...page, brotli });
      await blocked.write('b', { ...page, brotli });
      expect(await blocked.read('a')).toBeUndefined();
      expect(warnings).toHaveLength(1);
      // Nor is a data dir that is not there made for it.
      const elsewhere = jobPageStore({ dir: path.join(dir, 'saknas', 'sidor'), warn: () => undefined });
      await elsewhere.write('a', { ...page, brotli });
      expect(fs.existsSync(path.join(dir, 'saknas'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the warmer's requests", () => {
  it('are told from anyone else’s by a token no guess of any form matches', () => {
    const asking = (value: string | string[] | undefined) => ({
      headers: { 'x-jobbportalen-page-warming': value },
    });
    expect(isPageWarming({ headers: {} })).toBe(false);
    for (const guess of ['', 'x'.repeat(32), 'å'.repeat(32), 'x'.repeat(33), ['x'.repeat(32)]])
      expect(isPageWarming(asking(guess))).toBe(false);
  });
});

describe.each(testDatabaseKinds())('job pages stored ahead of visitors on %s', (kind) => {
  let t: TestApp;
  let storeDir: string;
  const build = writeTestWebBuild(`storedJobPages_${kind}`);
  const ids: string[] = [];
  /** The app's log (info and up), parsed line by line. */
  const log: { msg?: string; req?: { url?: string } }[] = [];

  beforeAll(async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-pages-'));
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(JSON.parse(chunk.toString()) as (typeof log)[number]);
        done();
      },
    });
    t = await buildTestApp(kind, {
      webRoot: build.webRoot,
      logStream,
      // A page-view limit far below the ads warmed: the warmer's requests must not count.
      env: {
        JOB_PAGE_STORE_DIR: storeDir,
        PUBLIC_URL,
        RATE_LIMIT_PAGEVIEWS_PER_IP: '5',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'info',
      },
    });
    for (let i = 0; i < 8; i++) {
      const ad = normalizedJob(`stored-${kind}-${i}`, { title: `Lagrad snickare ${i}`, location: 'Umeå' });
      await t.database.db.insertInto('jobs').values(normalizedJobRow(ad, null)).execute();
      ids.push(ad.id);
    }
  });
  afterAll(async () => {
    await t?.close();
    build.remove();
    fs.rmSync(storeDir, { recursive: true, force: true });
  });

  const visit = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'accept-encoding': 'br', 'x-forwarded-for': '203.0.113.9', ...headers },
    });
  const storedFiles = () => fs.readdirSync(storeDir).filter((name) => name.endsWith('.page'));

  it('renders every live ad once into the store, and a visit then reads it without a render', async () => {
    const before = build.renders();
    const round = await t.app.jobPageWarming!.nextRound();
    expect(round).toMatchObject({ ads: 8, rendered: 8, failed: 0 });
    expect(build.renders() - before).toBe(8);
    expect(storedFiles()).toHaveLength(8);

    const page = await visit(`/jobb/${ids[0]}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['server-timing']).toMatch(/desc="stored"$/);
    expect(page.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain('<div id="root"><main><h1>Sökresultat</h1>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/jobb/${ids[0]}"`);
    // A browser without brotli gets the same page, as text.
    const plain = await visit(`/jobb/${ids[1]}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(`${PUBLIC_URL}/jobb/${ids[1]}`);
    expect(build.renders() - before).toBe(8);

    // Counted as visitors' pages: two from the store, none rendered (the warmer's are its own).
    const served = await t.app.metrics.registry.getSingleMetricAsString('jobbportalen_job_pages_total');
    expect(served).toMatch(/\{from="stored"[^}]*\} 2$/m);
    expect(served).not.toMatch(/from="rendered"/);

    // The next round finds them all current: nothing rendered.
    expect(await t.app.jobPageWarming!.nextRound()).toMatchObject({ ads: 8, rendered: 0, failed: 0 });
    expect(build.renders() - before).toBe(8);

    // Two rounds of eight pages, two visits: the log has the visits' requests only.
    const logged = log.filter(
      (line) => line.msg === 'incoming request' && line.req?.url?.startsWith('/jobb/'),
    );
    expect(logged.map((line) => line.req!.url)).toEqual([`/jobb/${ids[0]}`, `/jobb/${ids[1]}`]);
  });

  it('renders a changed ad anew, stores nothing for a removed one or for an address with a query', async () => {
    await t.app.jobPageWarming!.nextRound();
    const before = build.renders();
    await t.database.db
      .updateTable('jobs')
      .set({ title: 'Lagrad snickare, ny titel', updatedAt: new Date(Date.now() + 1000) })
      .where('id', '=', ids[2]!)
      .execute();
    const changed = await visit(`/jobb/${ids[2]}`);
    expect(changed.headers['server-timing']).toMatch(/render;dur=/);
    expect(build.renders() - before).toBe(1);
    // Stored by that visit: the warmer has nothing left to do for it.
    expect(await t.app.jobPageWarming!.nextRound()).toMatchObject({ rendered: 0 });

    const files = storedFiles().length;
    const variant = await visit(`/jobb/${ids[3]}?utm_source=nyhetsbrev`);
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['server-timing']).toMatch(/render;dur=/);
    expect(storedFiles()).toHaveLength(files);

    await markJobsRemoved(t.database.db, [ids[4]!], new Date());
    const removed = await visit(`/jobb/${ids[4]}`);
    expect(removed.statusCode).toBe(410);
    expect(await t.app.jobPageWarming!.nextRound()).toMatchObject({ ads: 7, rendered: 0, failed: 0 });
  });

  it('a visitor over the page-view limit is still refused; the warmer is not', async () => {
    const address = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await visit(`/jobb/${ids[5]}`, address)).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(await t.app.jobPageWarming!.nextRound()).toMatchObject({ failed: 0 });
  });

  it('a page older than the store keeps pages is made again', async () => {
    // Backdate every stored page as the server wrote it, two hours: none may be served now.
    for (const name of storedFiles()) {
      const file = path.join(storeDir, name);
      const bytes = fs.readFileSync(file);
      const end = bytes.indexOf(0x0a);
      const header = JSON.parse(bytes.subarray(0, end).toString()) as { renderedAt: number };
      const old = Buffer.from(
        `${JSON.stringify({ ...header, renderedAt: header.renderedAt - 2 * HOUR_MS })}\n`,
      );
      fs.writeFileSync(file, Buffer.concat([old, bytes.subarray(end + 1)]));
    }
    const before = build.renders();
    const page = await visit(`/jobb/${ids[6]}`, { 'x-forwarded-for': '192.0.2.44' });
    expect(page.headers['server-timing']).toMatch(/render;dur=/);
    expect(build.renders() - before).toBe(1);
    expect(await t.app.jobPageWarming!.nextRound()).toMatchObject({ ads: 7, rendered: 6, failed: 0 });
  });
});
