import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Page {
  jobs: Array<{ _id: string }>;
  totalHits: number;
}
interface Counts {
  published: Record<'1' | '3' | '7' | '30', number>;
  experience: number;
  drivingLicence: number;
  remote: number;
}

/**
 * Ads published at known times before the real now (the filter counts back from the current
 * minute), with and without the feed's experience and licence flags, remote or not, with and
 * without a deadline.
 */
function ads(now: number) {
  const ad = (id: string, hoursAgo: number, fields: Parameters<typeof normalizedJob>[1] = {}) =>
    normalizedJob(id, { title: 'Lagerarbetare', publishedAt: new Date(now - hoursAgo * HOUR), ...fields });
  return [
    ad('h2', 2, {
      experienceRequired: false,
      drivingLicenceRequired: false,
      lastDate: new Date(now + 20 * DAY),
    }),
    ad('h30', 30, {
      experienceRequired: true,
      drivingLicenceRequired: false,
      lastDate: new Date(now + 2 * DAY),
    }),
    ad('d2', 50, { remote: true, location: 'Distans', experienceRequired: false, lastDate: null }),
    ad('d5', 5 * 24, { drivingLicenceRequired: true, lastDate: new Date(now + 5 * DAY) }),
    ad('d10', 10 * 24, { remote: true, location: 'Distans', lastDate: new Date(now + 1 * DAY) }),
    ad('d40', 40 * 24, { experienceRequired: false, drivingLicenceRequired: false, lastDate: null }),
    ad('other', 1, {
      title: 'Sjuksköterska',
      occupation: 'Sjuksköterska',
      occupationGroup: 'Grundutbildade sjuksköterskor',
      category: 'Hälso- och sjukvård',
      occupationField: 'Hälso- och sjukvård',
      experienceRequired: false,
      lastDate: new Date(now + 9 * DAY),
    }),
  ];
}

describe.each(testDatabaseKinds())(
  'the filters published, experience, drivingLicence, remote and the sort on %s',
  (kind) => {
    let t: TestApp;
    const call = (url: string) => t.app.inject(url);
    const page = async (query: string): Promise<Page> => {
      const response = await call(`/api/jobs?limit=100&${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json();
    };
    const ids = async (query: string) => (await page(query)).jobs.map((job) => job._id).sort();
    const order = async (query: string) => (await page(query)).jobs.map((job) => job._id);

    beforeAll(async () => {
      t = await buildTestApp(kind);
      await seedJobs(t, ads(Date.now()));
    });
    afterAll(() => t?.close());

    it('published=N keeps the ads published within N days', async () => {
      expect(await ids('published=1')).toEqual(['h2', 'other']);
      expect(await ids('published=3')).toEqual(['d2', 'h2', 'h30', 'other']);
      expect(await ids('published=7')).toEqual(['d2', 'd5', 'h2', 'h30', 'other']);
      expect(await ids('published=30')).toEqual(['d10', 'd2', 'd5', 'h2', 'h30', 'other']);
    });

    it('experience=false, drivingLicence=false and remote=true keep the ads that say so', async () => {
      // An ad that does not say (null) is not one that asks for nothing.
      expect(await ids('experience=false')).toEqual(['d2', 'd40', 'h2', 'other']);
      expect(await ids('drivingLicence=false')).toEqual(['d40', 'h2', 'h30']);
      expect(await ids('remote=true')).toEqual(['d10', 'd2']);
    });

    it('combines them with each other and with the text', async () => {
      expect(await ids('experience=false&drivingLicence=false')).toEqual(['d40', 'h2']);
      expect(await ids('experience=false&published=7')).toEqual(['d2', 'h2', 'other']);
      expect(await ids('search=lagerarbetare&experience=false&published=7&remote=true')).toEqual(['d2']);
    });

    it('counts each choice as the number of hits that choice gives', async () => {
      for (const query of ['', 'search=lagerarbetare', 'published=3', 'remote=true&experience=false']) {
        const response = await call(`/api/jobs/filter-counts?${query}`);
        expect(response.statusCode, query).toBe(200);
        const counts = response.json() as Counts;
        // The current search with one parameter set (a repeated parameter is a 400).
        const totalWith = async (name: string, value: string) => {
          const params = new URLSearchParams(query);
          params.set(name, value);
          return (await page(params.toString())).totalHits;
        };
        for (const days of ['1', '3', '7', '30'] as const) {
          expect(counts.published[days], `${query} published=${days}`).toBe(
            await totalWith('published', days),
          );
        }
        expect(counts.experience, query).toBe(await totalWith('experience', 'false'));
        expect(counts.drivingLicence, query).toBe(await totalWith('drivingLicence', 'false'));
        expect(counts.remote, query).toBe(await totalWith('remote', 'true'));
      }
      const all = (await call('/api/jobs/filter-counts')).json() as Counts;
      expect(all).toEqual({
        published: { 1: 2, 3: 4, 7: 5, 30: 6 },
        experience: 4,
        drivingLicence: 3,
        remote: 2,
        // 'Yrkesområde' and the län / places (jobs.areas.test.ts): every field and län, counted.
        occupationFields: expect.objectContaining({ Transport: 6, 'Hälso- och sjukvård': 1, Naturbruk: 0 }),
        regions: expect.objectContaining({ 'Uppsala län': 7, 'Skåne län': 0 }),
        // Remote ads are placed in 'Distans', which is no place of a län.
        places: [{ name: 'Uppsala', region: 'Uppsala län', count: 5 }],
        // The radii count only around a place (jobs.distance.test.ts).
        radiusKm: null,
      });
    });

    it('sorts newest first by default, by deadline with sort=deadline (ads without one last)', async () => {
      expect(await order('')).toEqual(['other', 'h2', 'h30', 'd2', 'd5', 'd10', 'd40']);
      expect(await order('sort=newest')).toEqual(['other', 'h2', 'h30', 'd2', 'd5', 'd10', 'd40']);
      expect(await order('sort=deadline')).toEqual(['d10', 'h30', 'd5', 'other', 'h2', 'd2', 'd40']);
      expect(await order('sort=deadline&search=lagerarbetare')).toEqual([
        'd10',
        'h30',
        'd5',
        'h2',
        'd2',
        'd40',
      ]);
    });

    it('sorts a text search by relevance by default and by date with sort=newest', async () => {
      // 'Lagerarbetare' in the title of d40 only: the exact title match comes first by relevance.
      await seedJobs(t, [
        normalizedJob('rel', {
          title: 'Truckförare',
          occupation: 'Truckförare',
          descriptionText: 'Truckförare sökes, lagerarbetare välkomna.',
          publishedAt: new Date(Date.now() - HOUR / 2),
        }),
      ]);
      // Searched as typed ('Sök exakt på …'), the word is ranked by where it stands.
      const relevance = await order('search=lagerarbetare&exact=true');
      expect(relevance.at(-1)).toBe('rel');
      expect(await order('search=lagerarbetare&exact=true&sort=relevance')).toEqual(relevance);
      expect((await order('search=lagerarbetare&exact=true&sort=newest'))[0]).toBe('rel');
      // As an occupation word it finds the ads for that occupation, newest first; the truck driver
      // whose text welcomes warehouse workers only when asked ('Visa även …').
      expect(await order('search=lagerarbetare')).not.toContain('rel');
      expect(await order('search=lagerarbetare&alsoMentions=true')).toContain('rel');
    });

    it('refuses values outside the allowed sets with a Swedish 400', async () => {
      const messages: Record<string, string> = {
        published: 'Publicerad kan bara vara 1, 3, 7 eller 30 (dagar).',
        experience: 'Erfarenhet filtreras bara med experience=false (ingen erfarenhet krävs).',
        drivingLicence: 'Körkort filtreras bara med drivingLicence=false (inget körkort krävs).',
        remote: 'Distansarbete filtreras bara med remote=true.',
        sort: 'Sortera med relevance (mest relevant), newest (nyast), deadline (sista ansökningsdag) eller distance (närmast).',
      };
      for (const query of [
        'published=2',
        'published=31',
        'published=veckan',
        'experience=true',
        'experience=nej',
        'drivingLicence=true',
        'remote=false',
        'sort=Nyast',
      ]) {
        const field = query.split('=')[0]!;
        for (const path of ['/api/jobs', '/api/jobs/filter-counts']) {
          const response = await call(`${path}?${query}`);
          expect(response.statusCode, `${path}?${query}`).toBe(400);
          expect(response.json(), `${path}?${query}`).toMatchObject({
            code: 'VALIDATION_FAILED',
            message: messages[field],
            error: messages[field],
            details: { field },
          });
        }
      }
      // Other mistakes keep the general message.
      expect((await call('/api/jobs?limit=abc')).json()).toMatchObject({
        message: 'Ogiltiga uppgifter i förfrågan.',
      });
    });
  },
);
