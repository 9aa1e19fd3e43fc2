import { generateAd } from '@jobbportalen/feed-simulator';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { classifyFeedRecord } from '../normalize/classify-feed-record.js';
import { upsertJobs } from '../sync/jobs-store.js';
import { parseFeedJson } from './parse-feed-json.js';

/** A simulator ad as the feed would send it, with NUL characters in its title and employer. */
function adTextWithNul(): string {
  const ad = generateAd(3, 5) as { headline: string; employer: { name: string } };
  ad.headline = `Sjuksköterska\u0000 natt`;
  ad.employer.name = `Region\u0000 Norr`;
  return JSON.stringify(ad);
}

describe('parseFeedJson', () => {
  it('removes NUL characters from every string, keys and nested ones included', () => {
    const text = JSON.stringify({ a: 'x\u0000y', list: ['\u0000', { deep: 'z\u0000' }], n: 1, ok: null });
    expect(text).toContain('\\u0000');
    expect(parseFeedJson(text)).toEqual({ a: 'xy', list: ['', { deep: 'z' }], n: 1, ok: null });
  });

  it('leaves a record without the escape exactly as JSON.parse gives it', () => {
    const text = '{"a":"a \\\\u0000 written out","b":[1,2]}';
    expect(parseFeedJson(text)).toEqual(JSON.parse(text));
  });
});

describe.each(testDatabaseKinds())('an ad with NUL characters, on %s', (kind) => {
  it('is stored (PostgreSQL takes no NUL in text or jsonb)', async () => {
    const database = await openTestDatabase(kind);
    try {
      const record = classifyFeedRecord(parseFeedJson(adTextWithNul()));
      if (record.kind !== 'ad') throw new Error('not an ad');
      await upsertJobs(database.db, [record.ad]);
      const row = await database.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', record.ad.id)
        .executeTakeFirstOrThrow();
      expect(row.title).toBe('Sjuksköterska natt');
      expect(row.company).toBe('Region Norr');
      expect(JSON.stringify(row)).not.toContain('\\u0000');
    } finally {
      await database.close();
    }
  });
});
