// How the server sends its rendered pages, with a small renderer of the test's own in place of the
// web app's build (the browser tests cover the real one): the page and its data in #root, the
// route's status, Server-Timing, the app's shell when a render fails, and /jobb pages shared
// between identical addresses until a change becomes searchable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drainOutbox } from '@jobbportalen/indexer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { RENDERED_PAGE_NOSCRIPT } from '../features/seo/html-head.js';
import { LANDING_PAGE_CACHE } from './send-app-page.js';

const INDEX_HTML =
  '<!doctype html><html lang="sv"><head><title>Jobbportalen</title></head><body><div id="root"></div><noscript>Jobbportalen behöver JavaScript för att fungera.</noscript></body></html>';

// The renderer's contract (server/src/web-pages/renderer.ts): it counts its renders on globalThis
// (it is loaded into this process), asks /api/jobs in-process with the page's own query, and
// fails for any address that asks it to.
const RENDERER = `
export async function renderPage({ url, fetchApi }) {
  globalThis.testRenders = (globalThis.testRenders ?? 0) + 1;
  const { search } = new URL(url, 'http://x');
  if (search.includes('krasch')) throw new Error('renderingen kraschade');
  const answer = await fetchApi('/api/jobs' + search);
  return {
    status: 200,
    html: '<main><h1>Sökresultat</h1><p class="antal">' + answer.body.totalHits + ' jobb</p></main>',
    head: { title: 'Sökresultat', robots: 'noindex, follow' },
    pageData: { answers: { ['/api/jobs' + search]: answer } },
    renderMs: 1.5,
    passes: 1,
  };
}
`;

const renders = () => (globalThis as { testRenders?: number }).testRenders ?? 0;

describe.each(testDatabaseKinds())('server-rendered pages on %s', (kind) => {
  let t: TestApp;
  let webDir: string;
  let ads = 0;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-pages-'));
    fs.mkdirSync(path.join(webDir, 'dist'));
    fs.mkdirSync(path.join(webDir, 'dist-server'));
    fs.writeFileSync(path.join(webDir, 'dist', 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(webDir, 'dist-server', 'entry-server.js'), RENDERER);
    // Far longer than the test: only a searchable change may make a shared page go.
    t = await buildTestApp(kind, { webRoot: path.join(webDir, 'dist'), env: { SEARCH_CACHE_MS: '3600000' } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  /** A new ad, delivered the indexer's way: a row in the outbox, drained into Meilisearch. */
  async function addAd(title: string) {
    const job = normalizedJob(`ssr-${kind}-${++ads}`, { title, occupation: title, location: 'Kiruna' });
    await t.database.db.insertInto('jobs').values(normalizedJobRow(job, null)).execute();
    await t.database.db.insertInto('searchOutbox').values({ jobId: job.id }).execute();
    await drainOutbox({ db: t.database.db, client: t.search.client, indexUid: t.config.meiliIndex });
  }

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const countIn = (html: string) => /<p class="antal">(\d+) jobb<\/p>/.exec(html)?.[1];

  it('sends the render in #root with its data, its head and Server-Timing', async () => {
    const word = `Rendersmed${kind}`;
    await addAd(word);
    const response = await page(`/jobb?search=${word}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    // A landing page: everyone's, so a shared cache may keep it and ask again with its ETag.
    expect(response.headers['cache-control']).toBe(LANDING_PAGE_CACHE);
    expect(response.headers.etag).toMatch(/^"p-[\w-]{22}"$/);
    expect(response.headers['server-timing']).toMatch(
      /^ssr;dur=\d+(\.\d)?, render;dur=1\.5;desc="1 passes"$/,
    );
    expect(response.body).toContain(
      '<div id="root"><main><h1>Sökresultat</h1><p class="antal">1 jobb</p></main></div>',
    );
    const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(
      response.body,
    )?.[1];
    expect(JSON.parse(data!)).toMatchObject({ answers: { [`/api/jobs?search=${word}`]: { status: 200 } } });
    expect(response.body).toContain('<title>Sökresultat</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex, follow" />');
    expect(response.body).toContain(`<noscript>${RENDERED_PAGE_NOSCRIPT}</noscript></body>`);
  });

  it('shares a /jobb page between identical addresses until a change is searchable', async () => {
    const word = `Delningsmurare${kind}`;
    const address = `/jobb?search=${word}`;
    const before = renders();
    const first = await page(address);
    expect(countIn(first.body)).toBe('0');
    const again = await page(address);
    expect(again.body).toBe(first.body);
    expect(again.headers['server-timing']).toMatch(/^ssr;dur=\d+(\.\d)?;desc="shared"$/);
    expect(renders() - before).toBe(1);

    // Another address is another page.
    expect(countIn((await page(`${address}&page=1`)).body)).toBe('0');
    expect(renders() - before).toBe(2);

    // Searchable now: the very next request renders anew and shows it.
    await addAd(word);
    expect(countIn((await page(address)).body)).toBe('1');
    expect(renders() - before).toBe(3);
  });

  it('answers 304 to a request naming a landing page’s ETag, and a changed page has another', async () => {
    const word = `Etagsmed${kind}`;
    const address = `/jobb?search=${word}`;
    const first = await page(address);
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: address, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await addAd(word);
    const changed = await t.app.inject({ method: 'GET', url: address, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(countIn(changed.body)).toBe('1');
  });

  it('renders the start page for every request (it is not shared)', async () => {
    const before = renders();
    await page('/');
    await page('/');
    expect(renders() - before).toBe(2);
  });

  it("sends the app's shell, not an error, when a render fails", async () => {
    const response = await page('/jobb?search=krasch');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['server-timing']).toBeUndefined();
  });
});
