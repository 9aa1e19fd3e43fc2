import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchEngine } from '@jobbportalen/storage';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';

describe.each(testDatabaseKinds())('health and the app shell on %s', (kind) => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-web-'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html lang="sv"><div id="root"></div></html>',
    );
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(
      path.join(webRoot, 'assets', 'app-abc123.js.br'),
      zlib.brotliCompressSync('console.log(1)'),
    );
    t = await buildTestApp(kind, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz when Postgres and Meilisearch are up', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, search: { ok: true } },
    });
  });

  it('serves the web app, with the SPA fallback for client routes but not for /api', async () => {
    const home = await t.app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.body).toContain('<div id="root">');
    const clientRoute = await t.app.inject('/karriarguide/cv-guide');
    expect(clientRoute.statusCode).toBe(200);
    expect(clientRoute.body).toContain('<div id="root">');
    // A path that is none of the app's pages: still the app (its Swedish 404 page), status 404.
    const unknownPage = await t.app.inject('/lediga-jobb-som-inte-finns');
    expect(unknownPage.statusCode).toBe(404);
    expect(unknownPage.body).toContain('<div id="root">');
    expect((await t.app.inject('/jobb?search=l%C3%A4rare')).statusCode).toBe(200);
    expect((await t.app.inject('/kontakt/')).statusCode).toBe(200);
    expect((await t.app.inject('/admin/import')).statusCode).toBe(200);
    // A job page is the app too, with the status a crawler needs (404: no such ad).
    const unknownJob = await t.app.inject('/jobb/12345');
    expect(unknownJob.statusCode).toBe(404);
    expect(unknownJob.body).toContain('<div id="root">');
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    // The build's precompressed copy, for a browser that accepts it.
    const compressed = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const unknownApi = await t.app.inject('/api/nothing-here');
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('publishes OpenAPI at /api/docs', async () => {
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty('/readyz');
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers malformed JSON with a 400 in our error format, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/nothing-here',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('code');
  });
});

/** The app's log lines (warn and up), parsed, for tests that look for what must go there. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream, env: { LOG_LEVEL: 'warn' } };
}

describe('readiness when Meilisearch is not there', () => {
  it('/readyz answers 503 with only ok or not per check; the reason goes to the log and to an admin', async () => {
    const unreachable = await openSearchEngine({
      dataDir: '',
      meiliUrl: 'http://127.0.0.1:9',
      meiliMasterKey: 'x',
    });
    const log = capturedLog();
    const t = await buildTestApp('pglite', { search: unreachable, env: log.env, logStream: log.stream });
    try {
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      // Exactly this: no reason, no address, no component's English.
      expect(ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: { ok: true }, search: { ok: false } },
      });
      const logged = log.lines.find((line) => line.msg === 'readiness: not ready');
      expect(logged).toMatchObject({ database: 'ok', search: expect.any(String) });
      expect(logged!.search).not.toBe('ok');

      const admin = await createUser(t, 'admin');
      const details = await t.app.inject({ url: '/readyz?details=true', headers: bearer(admin.token) });
      expect(details.statusCode).toBe(503);
      expect(details.json().checks.search).toEqual({ ok: false, reason: logged!.search });
    } finally {
      await t.close();
    }
  });

  it('/readyz reports a crash of the embedded Meilisearch child, its reason to an admin only', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-crash-'));
    const engine = await openSearchEngine({ dataDir, restartOnCrash: false });
    const t = await buildTestApp('pglite', { search: engine });
    try {
      const admin = await createUser(t, 'admin');
      expect((await t.app.inject('/readyz')).statusCode).toBe(200);
      const pid = fs
        .readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .find((entry) => {
          try {
            const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
            return cmd.includes(dataDir) && !cmd.includes('guardian');
          } catch {
            return false;
          }
        });
      process.kill(Number(pid), 'SIGKILL');
      const readiness = async (headers = {}) => {
        const response = await t.app.inject({ url: '/readyz?details=true', headers });
        return response.json<{ checks: { search: { ok: boolean; reason?: string } } }>();
      };
      let body: Awaited<ReturnType<typeof readiness>> | undefined;
      for (let i = 0; i < 50; i++) {
        body = await readiness(bearer(admin.token));
        if (/exited/.test(body.checks.search.reason ?? '')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(body?.checks.search).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/exited unexpectedly/),
      });
      // The public answer: not ok, and nothing of why.
      const publicAnswer = await t.app.inject('/readyz');
      expect(publicAnswer.statusCode).toBe(503);
      expect(publicAnswer.json().checks.search).toEqual({ ok: false });
      expect(publicAnswer.body).not.toMatch(/exited|Meilisearch|code 137/i);
    } finally {
      await t.close();
      await engine.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
