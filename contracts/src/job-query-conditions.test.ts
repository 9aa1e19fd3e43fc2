import { describe, expect, it } from 'vitest';
import { jobConditionExpressions, publishedClockSeconds, publishedSinceTs } from './job-query-conditions.js';
import { describeJobQuery, savedJobQueryOf } from './saved-search.js';

const NOW = Date.UTC(2026, 10, 24, 12, 34, 56, 789);
const MINUTE = Math.floor(Date.UTC(2026, 10, 24, 12, 34) / 1000);

describe('jobConditionExpressions', () => {
  it('gives nothing for a search without the new filters', () => {
    expect(jobConditionExpressions({ text: 'kock', city: 'Lund' }, NOW)).toEqual([]);
  });

  it('turns each filter into its Meilisearch condition', () => {
    expect(
      jobConditionExpressions({ published: 7, experience: false, drivingLicence: false, remote: true }, NOW),
    ).toEqual([
      `publishedTs >= ${MINUTE - 7 * 86_400}`,
      'experienceRequired = false',
      'drivingLicenceRequired = false',
      'remote = true',
    ]);
  });

  it('counts the publication window from the current minute, so browser and server agree within it', () => {
    expect(publishedClockSeconds(NOW)).toBe(MINUTE);
    expect(publishedClockSeconds(NOW - 56_789)).toBe(MINUTE);
    expect(publishedClockSeconds(NOW - 56_790)).toBe(MINUTE - 60);
    expect(publishedSinceTs(1, NOW)).toBe(MINUTE - 86_400);
    expect(publishedSinceTs(30, NOW)).toBe(MINUTE - 30 * 86_400);
  });
});

describe('saved searches and the new criteria', () => {
  it('keep the filters but not the order', () => {
    expect(savedJobQueryOf({ text: 'kock', remote: true, published: 3, sort: 'deadline', page: 4 })).toEqual({
      text: 'kock',
      remote: true,
      published: 3,
    });
  });

  it('describe the filters in Swedish', () => {
    expect(
      describeJobQuery({
        text: 'lärare',
        city: 'Lund',
        experience: false,
        drivingLicence: false,
        remote: true,
        published: 7,
      }),
    ).toBe(
      '”lärare” i Lund, utan krav på erfarenhet, utan krav på körkort, distans, publicerade senaste veckan',
    );
    expect(describeJobQuery({ published: 1 })).toBe('publicerade senaste dygnet');
    // A widened occupation search says so: its name and mails must not read like the narrow one.
    expect(describeJobQuery({ text: 'utvecklare', alsoMentions: true })).toBe(
      '”utvecklare” även i annonstexten',
    );
    expect(describeJobQuery({ text: 'utvecklare', titleOnly: true })).toBe('”utvecklare” i titeln');
    // 'Yrkesområde' and the län / places read where a category and a city would.
    expect(
      describeJobQuery({
        occupationFields: ['Transport'],
        regions: ['Skåne län', 'Hallands län'],
        extent: 'Heltid',
      }),
    ).toBe('Transport i Skåne län och Hallands län, Heltid');
    expect(describeJobQuery({ text: 'lärare', municipalities: ['Lund', 'Malmö'] })).toBe(
      '”lärare” i Lund och Malmö',
    );
  });
});
