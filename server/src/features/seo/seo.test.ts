import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { jobRow } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { VERSIONED_PAGE_CACHE } from '../../web-pages/send-app-page.js';

const FORGED_HOSTS = [
  'evil.example',
  'evil.example:3000',
  'localhost@evil.example',
  'localhost:80@evil.example',
  '127.0.0.1.evil.example',
  'localhost.evil.example',
  '[::1].evil.example',
  'evil.example/localhost',
  'localhost, evil.example',
];

const crawlerAnswers = (id: string) => ['/sitemap.xml', '/robots.txt', `/jobb/${id}`];

/** fetch sets Host itself; node:http sends the one given. */
function getWithHost(url: string, host: string): Promise<{ body: string; cacheControl?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ body, cacheControl: response.headers['cache-control'] }));
      })
      .on('error', reject);
  });
}

const jsonLdOf = (html: string) => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
};

describe.each(testDatabaseKinds())('crawler-facing HTML on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { PUBLIC_URL: 'https://jobb.example.se' } });
    await t.database.db
      .insertInto('jobs')
      .values([
        jobRow({
          id: 'live1',
          title: 'Javautvecklare </script><script>alert(1)</script>',
          company: 'Kodbolaget AB',
          location: 'Göteborg',
          municipality: 'Göteborg',
          region: 'Västra Götalands län',
          descriptionText: 'Vi söker en javautvecklare till vårt team i Göteborg. '.repeat(10),
          lat: 57.7,
          lng: 11.97,
        }),
        jobRow({ id: 'gone1', title: 'Sjuksköterska', removedAt: new Date('2030-06-10T00:00:00Z') }),
        jobRow({ id: 'remote1', title: 'Supporttekniker på distans', location: 'Distans', remote: true }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('puts title, description, canonical link and JobPosting JSON-LD into the HTML of a live ad', async () => {
    const response = await t.app.inject('/jobb/live1');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Javautvecklare &#60;/script&#62;');
    expect(response.body).toContain('<link rel="canonical" href="https://jobb.example.se/jobb/live1" />');
    expect(response.body).toMatch(
      /<meta name="description" content="Vi söker en javautvecklare[^"]{20,}…" \/>/,
    );
    // The hostile title cannot break out of the JSON-LD script element.
    expect(response.body).not.toContain('</script><script>alert(1)');
    const posting = jsonLdOf(response.body);
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      datePosted: '2030-06-01T08:00:00.000Z',
      validThrough: '2030-06-30T21:59:59.000Z',
      hiringOrganization: { name: 'Kodbolaget AB' },
      employmentType: expect.arrayContaining(['FULL_TIME', 'PERMANENT']),
      jobLocation: { address: { addressLocality: 'Göteborg', addressCountry: 'SE' } },
    });
    expect(String(posting?.title)).toContain('</script>');
  });

  it('marks remote ads as telecommute work', async () => {
    const posting = jsonLdOf((await t.app.inject('/jobb/remote1')).body);
    expect(posting).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { name: 'Sverige' },
    });
  });

  it('answers 410 without JobPosting for a removed ad, and 404 for an unknown one', async () => {
    const gone = await t.app.inject('/jobb/gone1');
    expect(gone.statusCode).toBe(410);
    expect(jsonLdOf(gone.body)).toBeNull();
    expect(gone.body).toContain('<meta name="robots" content="noindex" />');
    const unknown = await t.app.inject('/jobb/does-not-exist');
    expect(unknown.statusCode).toBe(404);
    expect(jsonLdOf(unknown.body)).toBeNull();
  });

  it('lists live ads in /sitemap.xml and points robots.txt at it', async () => {
    const sitemap = await t.app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain('<loc>https://jobb.example.se/jobb/live1</loc>');
    expect(sitemap.body).toContain('<loc>https://jobb.example.se/jobb</loc>');
    expect(sitemap.body).not.toContain('gone1');
    const robots = await t.app.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://jobb.example.se/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin');
  });

  it('builds every absolute URL from PUBLIC_URL, whatever Host the request names', async () => {
    for (const host of [...FORGED_HOSTS, 'localhost:3000']) {
      for (const url of crawlerAnswers('live1')) {
        const response = await t.app.inject({ url, headers: { host } });
        expect(response.statusCode, `${url} with Host ${host}`).toBe(200);
        expect(response.body).toContain('https://jobb.example.se/');
        expect(response.body).not.toMatch(/evil|localhost/);
        expect(response.headers['cache-control']).not.toBe('no-store');
      }
    }
  });
});

describe('crawler answers without PUBLIC_URL (the embedded default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { PORT: '3456' } });
    await t.database.db
      .insertInto('jobs')
      .values(jobRow({ id: 'live1' }))
      .execute();
  });
  afterAll(() => t.close());

  // The head's: the page body shows the ad's own links (its application address) as they are.
  const absoluteUrls = (body: string) =>
    body.slice(0, body.indexOf('</head>')).match(/https?:\/\/[^\s<"]*/g) ?? [];

  it('never puts a forged Host into the sitemap, robots.txt or a canonical link, and lets nobody cache them', async () => {
    for (const host of FORGED_HOSTS) {
      for (const url of crawlerAnswers('live1')) {
        const response = await t.app.inject({ url, headers: { host } });
        const where = `${url} with Host ${host}`;
        expect(response.statusCode, where).toBe(200);
        expect(response.body, where).not.toContain('evil');
        expect(response.headers['cache-control'], where).toBe('no-store');
        // Not listening (inject): the configured port on the loopback address.
        const urls = absoluteUrls(response.body).filter((found) => !found.includes('schema'));
        expect(urls.length, where).toBeGreaterThan(0);
        for (const found of urls) expect(found, where).toMatch(/^http:\/\/127\.0\.0\.1:3456\//);
      }
    }
  });

  it('uses a Host that names this machine, as it did before, and lets caches keep the answer', async () => {
    const ownAddresses = Object.values(os.networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .map((entry) => (entry.family === 'IPv6' ? `[${entry.address}]` : entry.address))
      .filter((address) => !address.includes('%'));
    const hostname = /^[a-z0-9.-]+$/i.test(os.hostname()) ? [os.hostname()] : [];
    for (const host of ['localhost:3000', '127.0.0.1:8080', '[::1]:3000', ...hostname, ...ownAddresses]) {
      const robots = await t.app.inject({ url: '/robots.txt', headers: { host } });
      expect(robots.body, host).toContain(`Sitemap: http://${host.toLowerCase()}/sitemap.xml`);
      expect(robots.headers['cache-control'], host).toBe('public, max-age=3600');
      const page = await t.app.inject({ url: '/jobb/live1', headers: { host } });
      expect(page.body, host).toContain(
        `<link rel="canonical" href="http://${host.toLowerCase()}/jobb/live1" />`,
      );
      expect(page.headers['cache-control'], host).toBe(VERSIONED_PAGE_CACHE);
    }
  });

  // Last: from here on the app listens.
  it('uses the address the server listens on when it listens', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await getWithHost(`http://127.0.0.1:${port}/robots.txt`, 'evil.example');
    expect(response.body).toContain(`Sitemap: http://127.0.0.1:${port}/sitemap.xml`);
    expect(response.body).not.toContain('evil');
    expect(response.cacheControl).toBe('no-store');
  });
});
