import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test-support/app.js';
import { jobRow } from '../../../../test-support/auth.js';
import { testDatabaseKinds } from '../../../../test-support/databases.js';

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
});
