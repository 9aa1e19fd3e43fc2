// A live ad's page is the same for every visitor: it carries a strong ETag (the web build and the
// ad's version), a Cache-Control a shared cache can use, 304 for a request that names its ETag,
// and the server renders it once per change of the ad (kept-pages.ts), not once per visitor.
import zlib from 'node:zlib';
import { markJobsRemoved } from '@jobbportalen/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { VERSIONED_PAGE_CACHE } from '../../web-pages/send-app-page.js';
import { writeTestWebBuild } from '../../web-pages/test-web-build.test-helper.js';

describe.each(testDatabaseKinds())('job page versions on %s', (kind) => {
  let t: TestApp;
  const build = writeTestWebBuild(`jobPageRenders_${kind}`);

  beforeAll(async () => {
    t = await buildTestApp(kind, { webRoot: build.webRoot });
  });
  afterAll(async () => {
    await t?.close();
    build.remove();
  });

  const addAd = async (id: string, title: string) => {
    const ad = normalizedJob(id, { title, location: 'Luleå' });
    await t.database.db.insertInto('jobs').values(normalizedJobRow(ad, null)).execute();
    return ad;
  };

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', host: 'localhost:3000', ...headers },
    });

  it('renders a live ad once per version, answers 304 to its ETag, and a change is a new page', async () => {
    const ad = await addAd(`version-ad-${kind}`, 'Versionssnickare');
    const before = build.renders();

    const first = await page(`/jobb/${ad.id}`);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+-[\w.-]+"$/);
    expect(first.headers['cache-control']).toBe(VERSIONED_PAGE_CACHE);
    expect(first.body).toContain('Versionssnickare');
    expect(build.renders() - before).toBe(1);

    // Another visitor, logged in or not: the very same bytes, without a render.
    const again = await page(`/jobb/${ad.id}`, { authorization: 'Bearer någon.annans.token', cookie: 'a=b' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['server-timing']).toMatch(/desc="kept"$/);
    expect(build.renders() - before).toBe(1);

    // Compressed once for everyone who accepts brotli: the same page.
    const compressed = await page(`/jobb/${ad.id}`, { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.body);

    // A cache asking again with what it holds: 304, no body, no render.
    const unchanged = await page(`/jobb/${ad.id}`, { 'if-none-match': `"gammal", ${etag}` });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['cache-control']).toBe(VERSIONED_PAGE_CACHE);
    expect(build.renders() - before).toBe(1);

    // The feed changes the ad: a new version, rendered anew; the old ETag gets the new page.
    await t.database.db
      .updateTable('jobs')
      .set({ title: 'Versionssnickare, ny titel', updatedAt: new Date(Date.now() + 1000) })
      .where('id', '=', ad.id)
      .execute();
    const changed = await page(`/jobb/${ad.id}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(build.renders() - before).toBe(2);

    // Removed: 410, and nothing a cache may keep as the live page.
    await markJobsRemoved(t.database.db, [ad.id], new Date());
    const removed = await page(`/jobb/${ad.id}`, { 'if-none-match': changed.headers.etag as string });
    expect(removed.statusCode).toBe(410);
    expect(removed.headers.etag).toBeUndefined();
    expect(removed.headers['cache-control']).not.toContain('public');
  });

  it('a page built on a host name it does not trust is no one else’s: no ETag, no-store', async () => {
    const ad = await addAd(`version-host-${kind}`, 'Värdsnickare');
    const response = await page(`/jobb/${ad.id}`, { host: 'evil.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('evil.example');
  });
});
