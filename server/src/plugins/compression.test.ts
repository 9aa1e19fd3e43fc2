import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

// A page shell above the threshold, as a server-rendered page will be (today's shell is smaller).
const INDEX_HTML = `<!doctype html><html lang="sv"><head><title>Komprimeringstest</title><style>${'.kort{margin:0 auto}'.repeat(
  120,
)}</style></head><body><div id="root"></div></body></html>`;
const BUNDLE = `export const rader = [${Array.from({ length: 400 }, (_, i) => `"rad ${i}"`).join(',')}];\n`;
const TINY_BUNDLE = 'export const liten = 1;\n';

type Encoding = 'br' | 'gzip';
const decode = (encoding: Encoding, body: Buffer): Buffer =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);

describe.each(testDatabaseKinds())('compressed answers on %s', (kind) => {
  let t: TestApp;
  let webRoot: string;
  const jobs = Array.from({ length: 12 }, (_, i) =>
    normalizedJob(`komprimera-${i}`, {
      title: `Komprimeringstekniker ${i}`,
      location: 'Kiruna',
      ageDays: i + 1,
    }),
  );

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'compression-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    // What web/scripts/precompress.mjs leaves beside a bundle; not the small one (below its minimum).
    const bundle = path.join(webRoot, 'assets', 'app-Abc123.js');
    fs.writeFileSync(bundle, BUNDLE);
    fs.writeFileSync(`${bundle}.br`, zlib.brotliCompressSync(BUNDLE));
    fs.writeFileSync(`${bundle}.gz`, zlib.gzipSync(BUNDLE));
    fs.writeFileSync(path.join(webRoot, 'assets', 'tiny-Def456.js'), TINY_BUNDLE);
    t = await buildTestApp(kind, { webRoot });
    await seedJobs(t, jobs);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it.each<Encoding>(['br', 'gzip'])(
    'answers /api/jobs with %s that decodes to the same JSON',
    async (encoding) => {
      const plain = await get('/api/jobs?search=Komprimeringstekniker');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      const compressed = await get('/api/jobs?search=Komprimeringstekniker', encoding);
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      const decoded = JSON.parse(decode(encoding, compressed.rawPayload).toString('utf8')) as {
        totalHits: number;
      };
      expect(decoded.totalHits).toBe(jobs.length);
      expect(decoded).toEqual(plain.json());
    },
  );

  it('prefers brotli when both are accepted, and sends identity when neither is', async () => {
    expect((await get('/api/jobs', 'gzip, deflate, br')).headers['content-encoding']).toBe('br');
    const identity = await get('/api/jobs', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toMatchObject({ totalHits: jobs.length });
  });

  it('compresses the search proxy answer too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/multi-search',
      headers: { 'accept-encoding': 'br' },
      payload: { queries: [{ indexUid: t.config.meiliIndex, q: 'Komprimeringstekniker', limit: 12 }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(decode('br', response.rawPayload).toString('utf8')) as {
      results: { hits: unknown[] }[];
    };
    expect(decoded.results[0]!.hits).toHaveLength(jobs.length);
  });

  it('leaves a small answer uncompressed', async () => {
    const small = await get('/api/finns-inte-komprimering', 'br');
    expect(small.statusCode).toBe(404);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each(['/', '/jobb', '/jobb?search=utvecklare&city=Kiruna', '/karriarguide/cv-guide'])(
    'compresses the HTML page %s',
    async (url) => {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode('br', response.rawPayload).toString('utf8')).toBe(INDEX_HTML);
    },
  );

  it.each<Encoding>(['br', 'gzip'])(
    'sends a bundle from its precompressed %s copy, once, with immutable caching',
    async (encoding) => {
      const response = await get('/assets/app-Abc123.js', encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const copy = fs.readFileSync(
        path.join(webRoot, 'assets', `app-Abc123.js.${encoding === 'br' ? 'br' : 'gz'}`),
      );
      expect(response.rawPayload.equals(copy)).toBe(true);
      expect(decode(encoding, response.rawPayload).toString('utf8')).toBe(BUNDLE);
    },
  );

  it('sends a small bundle without a precompressed copy as it is', async () => {
    const response = await get('/assets/tiny-Def456.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(TINY_BUNDLE);
  });
});
