import { describe, expect, it } from 'vitest';
import { JOB_SEARCH_DOCUMENT_FIELDS } from '@jobbportalen/contracts/api/job';
import { loadAdFixture } from '../fixtures/index.js';
import { toSearchDocument } from './search-document.js';
import { normalizeForTest } from './test-helpers.js';

describe('toSearchDocument', () => {
  const job = normalizeForTest(loadAdFixture('ad2024Full'));
  const document = toSearchDocument(job);

  it('carries the job fields under the contract names and nothing else', () => {
    expect(Object.keys(document).sort()).toEqual([...JOB_SEARCH_DOCUMENT_FIELDS].sort());
    expect(document).toMatchObject({
      id: '29100001',
      title: job.title,
      company: 'Nordkod AB',
      location: 'Göteborg',
      mainCategory: 'IT',
      description: job.descriptionText,
      descriptionHtml: job.descriptionHtml,
      vacancies: 2,
      remote: false,
    });
  });

  it('gives dates as ISO strings and as unix seconds', () => {
    expect(document.lastDate).toBe('2024-11-10T22:59:59.000Z');
    expect(document.lastDateTs).toBe(Date.UTC(2024, 10, 10, 22, 59, 59) / 1000);
    expect(document.publishedAt).toBe('2024-10-20T07:15:00.000Z');
    expect(document.publishedTs).toBe(Date.UTC(2024, 9, 20, 7, 15, 0) / 1000);
  });

  it('puts the coordinates in _geo', () => {
    expect(document._geo).toEqual({ lat: 57.70716, lng: 11.93815 });
  });

  it('adds Swedish search terms and an ASCII-folded title', () => {
    expect(document.terms).toEqual(expect.arrayContaining(['utvecklare', 'backendutvecklare']));
    expect(document.titleFolded).toBe('backendutvecklare java till produktteam i goteborg');
  });

  it('leaves _geo out and gives null dates when the job has none', () => {
    const bare = toSearchDocument({ ...job, lat: null, lng: null, lastDate: null, publishedAt: null });
    expect(bare).not.toHaveProperty('_geo');
    expect(bare).toMatchObject({ lastDate: null, lastDateTs: null, publishedAt: null, publishedTs: null });
  });
});
