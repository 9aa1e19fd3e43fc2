import { Job as JobSchema } from '@jobbportalen/contracts/api/job';
import { toSearchDocument } from '@jobbportalen/indexer';
import { normalizedJob } from '@jobbportalen/test-support/jobs';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { jobFromSearchHit, toApiJob } from '../../http/job-response.js';
import { excerpt, toDetailJob, toListJob } from './search-hit-mapper.js';

describe('excerpt', () => {
  it('keeps short texts and cuts long ones at a word boundary', () => {
    expect(excerpt('Kort text.')).toBe('Kort text.');
    const long = 'ord '.repeat(200);
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(302);
    expect(cut.endsWith('ord …')).toBe(true);
  });
});

describe('a stored ad and its search document as a Job', () => {
  const ad = normalizedJob('a1', {
    company: 'Nordkod AB',
    mainCategory: 'IT',
    descriptionText: `Vi söker ${'en kollega '.repeat(60)}`,
  });
  const fromRow = toApiJob({ ...ad, removedAt: null });
  const document = toSearchDocument(ad);

  it('answers every field of the Job schema, and only those, from the row', () => {
    expect(Value.Errors(JobSchema, fromRow)).toEqual([]);
    expect(Object.keys(fromRow).sort()).toEqual(
      Object.keys(JobSchema.properties)
        // Only the ad page answers the feed times (from the row, not the index).
        .filter((field) => !['matchReason', 'score', 'firstSeenAt', 'lastConfirmedAt'].includes(field))
        .sort(),
    );
    expect(fromRow).toMatchObject({
      _id: 'a1',
      company: 'Nordkod AB',
      employer: 'Nordkod AB',
      removed: false,
    });
    expect(fromRow.lastDate).toBe(ad.lastDate?.toISOString());
  });

  it('is the same Job whether read from the row or from the index', () => {
    expect(toDetailJob(document)).toEqual(fromRow);
    expect(jobFromSearchHit(document)).toEqual({ ...fromRow, removed: undefined });
  });

  it('gives lists an excerpt and no HTML', () => {
    expect(toListJob(document)).toEqual({
      ...fromRow,
      description: excerpt(ad.descriptionText),
      descriptionHtml: '',
      removed: undefined,
    });
  });

  it('answers in lists when the ad was first seen, when the index knows it', () => {
    const firstSeenTs = Date.UTC(2026, 10, 24, 7) / 1000;
    expect(toListJob({ ...document, firstSeenTs }).firstSeenAt).toBe('2026-11-24T07:00:00.000Z');
    expect(toListJob({ ...document, firstSeenTs: null })).not.toHaveProperty('firstSeenAt');
  });

  it('marks an ad gone from the feed as removed', () => {
    expect(toApiJob({ ...ad, removedAt: new Date() }).removed).toBe(true);
  });
});
