import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSearch } from '@jobbportalen/test-support/search';
import { ensureJobsIndex } from './jobs-index.js';
import { jobsIndexSettings } from './jobs-index-settings.js';
import { completed } from './wait.js';

const ads = [
  {
    id: '1',
    title: 'Sjuksköterska',
    titleFolded: 'sjukskoterska',
    terms: ['sköterska'],
    location: 'Växjö',
    vacancies: 2,
    publishedTs: 1,
  },
  {
    id: '2',
    title: 'Säljare',
    titleFolded: 'saljare',
    terms: [],
    location: 'Umeå',
    vacancies: 1,
    publishedTs: 3,
  },
  {
    id: '4',
    title: 'Lagerarbetare',
    titleFolded: 'lagerarbetare',
    terms: [],
    location: 'Luleå',
    description: 'Här utvecklas du tillsammans med ett trevligt gäng.',
    vacancies: 1,
    publishedTs: 4,
  },
  {
    id: '3',
    title: 'Kock sedan 2024',
    titleFolded: 'kock sedan 2024',
    terms: [],
    location: 'Malmö',
    vacancies: 1,
    publishedTs: 2,
  },
];

describe('jobs index settings', () => {
  const search = testSearch('settings');
  const index = () => search.client.index(search.indexUid);
  const ids = async (q: string) => (await index().search(q)).hits.map((hit) => hit.id);

  beforeAll(async () => {
    // An index set up with the Swedish locale before is brought to the current settings.
    await completed(search.client.createIndex(search.indexUid, { primaryKey: 'id' }));
    await completed(index().updateLocalizedAttributes([{ attributePatterns: ['*'], locales: ['swe'] }]));
    await ensureJobsIndex(search.client, search.indexUid);
    await completed(index().addDocuments(ads));
  });
  afterAll(() => search.client.deleteIndexIfExists(search.indexUid));

  it('are what Meilisearch reports back', async () => {
    const settings = await index().getSettings();
    const wanted = jobsIndexSettings();
    expect(settings.searchableAttributes).toEqual(wanted.searchableAttributes);
    expect(settings.filterableAttributes).toEqual(
      expect.arrayContaining(['mainCategory', 'location', 'vacancies', 'title', '_geo']),
    );
    expect(settings.sortableAttributes).toEqual(expect.arrayContaining(['publishedTs', 'lastDateTs']));
    expect(settings.stopWords).toEqual(expect.arrayContaining(['och', 'i', 'till']));
    expect(settings.synonyms?.säljare).toContain('försäljare');
    expect(settings.faceting?.maxValuesPerFacet).toBeGreaterThanOrEqual(290);
    expect(settings.typoTolerance?.disableOnNumbers).toBe(true);
    expect(settings.localizedAttributes ?? []).toEqual([]);
  });

  it('forgives a misspelling in a title, never in a description', async () => {
    expect(await ids('sjuksköterka')).toEqual(['1']);
    // 'utvecklare' is two letters from 'utvecklas': the description is searched as written.
    expect(await ids('utvecklare')).toEqual([]);
    expect(await ids('utvecklas')).toEqual(['4']);
  });

  it('finds places and titles typed without å, ä and ö', async () => {
    expect(await ids('vaxjo')).toEqual(['1']);
    expect(await ids('umea')).toEqual(['2']);
    expect(await ids('Växjö')).toEqual(['1']);
    expect(await ids('sjukskoterska')).toEqual(['1']);
  });

  it('applies occupation synonyms and leaves numbers without typos', async () => {
    expect(await ids('försäljare')).toEqual(['2']);
    expect(await ids('2024')).toEqual(['3']);
    expect(await ids('2025')).toEqual([]);
  });

  it('answers a search without text newest first', async () => {
    expect(await ids('')).toEqual(['4', '2', '3', '1']);
  });
});
