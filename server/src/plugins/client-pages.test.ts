import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_AREA, PAGES } from '@jobbportalen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { isClientPage } from './client-pages.js';

const INDEX_HTML = '<!doctype html><html lang="sv"><head><title>Testappen</title></head><body></body></html>';

describe('the pages the server answers with the web app', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'client-pages-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    t = await buildTestApp('pglite', { webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const statusOf = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.body, url).toBe(INDEX_HTML);
    return response.statusCode;
  };

  it("answers every page of the registry, and the admin area's subtree, with the app and 200", async () => {
    const fixedPaths = Object.values(PAGES)
      .map((page) => page.path)
      .filter((path) => !path.includes(':'));
    expect(fixedPaths.length).toBeGreaterThan(10);
    const adminPaths = [ADMIN_AREA.path, `${ADMIN_AREA.path}/import`, `${ADMIN_AREA.path}/okand`];
    for (const url of [...fixedPaths, ...adminPaths]) expect(await statusOf(url), url).toBe(200);
  });

  it('answers any other path with the app and status 404', async () => {
    const notPages = ['/jobbb', '/karriarguide/okand', '/administrator', '/tack/extra', '/sidan-finns-inte'];
    for (const url of notPages) expect(await statusOf(url), url).toBe(404);
  });

  it('leaves /jobb/:id to the job page, which knows whether the ad exists', async () => {
    expect(PAGES.jobDetail.servedByApp).toBe(false);
    const response = await t.app.inject({ method: 'GET', url: '/jobb/99999999999' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Jobb ej hittat');
  });
});

describe('isClientPage', () => {
  it('ignores the query, the fragment and a trailing slash', () => {
    expect(isClientPage('/jobb?search=lärare&city=Malmö')).toBe(true);
    expect(isClientPage('/kontakt/')).toBe(true);
    expect(isClientPage('/kontakt#form')).toBe(true);
    expect(isClientPage('/admin/import')).toBe(true);
    expect(isClientPage('/administrator')).toBe(false);
    expect(isClientPage('/jobbb')).toBe(false);
  });
});
