import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { drainOutbox } from '@jobbportalen/indexer';
import { normalizedJob, normalizedJobRow, seedJobs } from '@jobbportalen/test-support/jobs';
import type { NormalizedJob } from '@jobbportalen/indexer';

// Municipality coordinates (main localities): distances from Uppsala are about 65 km to Stockholm,
// 330 km to Göteborg and 530 km to Malmö.
const UPPSALA = { lat: 59.8586, lng: 17.6389 };
const STOCKHOLM = { lat: 59.3293, lng: 18.0686 };
const GOTEBORG = { lat: 57.7089, lng: 11.9746 };
const MALMO = { lat: 55.605, lng: 13.0038 };

const group = { occupationGroupId: 'simgrp-lager', occupationFieldId: 'simfld-transport' };
const ekonomi = { occupationGroupId: 'simgrp-ekonomi', occupationFieldId: 'simfld-ekonomi' };

const ad = (
  id: string,
  place: { lat: number | null; lng: number | null },
  fields: Partial<NormalizedJob> & { ageDays?: number } = {},
) => normalizedJob(id, { ...group, ...place, ...fields });

const ids = (body: { _id: string }[]) => body.map((job) => job._id);

describe.each(testDatabaseKinds())('GET /api/jobs/:id/similar on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedJobs(
      t,
      [
        ad('sim-self', UPPSALA),
        ad('sim-malmo', MALMO),
        ad('sim-stockholm', STOCKHOLM, { location: 'Stockholm' }),
        ad('sim-goteborg', GOTEBORG),
        // Another group of the same field: only when the group has fewer than four others.
        ad('sim-field', UPPSALA, { occupationGroupId: 'simgrp-chauffor' }),
        // Another field altogether: never.
        ad('sim-other', UPPSALA, {
          occupationGroupId: 'simgrp-kock',
          occupationFieldId: 'simfld-restaurang',
        }),
        // Without a place: its group is listed newest first.
        ad('sim-nogeo', { lat: null, lng: null }, { ...ekonomi, ageDays: 5 }),
        ad('sim-eko-old', STOCKHOLM, { ...ekonomi, ageDays: 9 }),
        ad('sim-eko-new', MALMO, { ...ekonomi, ageDays: 1 }),
      ],
      // Removed, and nearest of all: never listed, but it has similar ads of its own.
      [ad('sim-gone', UPPSALA)],
    );
  });
  afterAll(() => t?.close());

  it('lists live ads of the same occupation group nearest first, then the field, never the ad itself', async () => {
    const response = await t.app.inject('/api/jobs/sim-self/similar');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ _id: string; title: string }[]>();
    expect(ids(body)).toEqual(['sim-stockholm', 'sim-goteborg', 'sim-malmo', 'sim-field']);
    expect(body[0]).toMatchObject({ _id: 'sim-stockholm', title: 'Lagerarbetare', location: 'Stockholm' });
    expect(body[0]).not.toHaveProperty('removed');
  });

  it('lists similar live ads for a removed ad too', async () => {
    const response = await t.app.inject('/api/jobs/sim-gone/similar');
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual(['sim-self', 'sim-stockholm', 'sim-goteborg', 'sim-malmo']);
  });

  it('lists newest first when the ad has no coordinates', async () => {
    const response = await t.app.inject('/api/jobs/sim-nogeo/similar');
    // Two in its group, and no other group in its field.
    expect(ids(response.json())).toEqual(['sim-eko-new', 'sim-eko-old']);
  });

  it('answers 404 "Jobb ej hittat." for an ad we never had', async () => {
    for (const id of ['sim-unknown', encodeURIComponent('../x')]) {
      const response = await t.app.inject(`/api/jobs/${id}/similar`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Jobb ej hittat.' });
    }
  });

  // Last: it adds ads of the group.
  it('asks once per group and place, and lists a new ad of the group as soon as it is searchable', async () => {
    const publish = async (job: NormalizedJob) => {
      await t.database.db.insertInto('jobs').values(normalizedJobRow(job, null)).execute();
      await t.database.db.insertInto('searchOutbox').values({ jobId: job.id }).execute();
      await drainOutbox({ db: t.database.db, client: t.search.client, indexUid: t.config.meiliIndex });
    };
    const similarTo = async (id: string) => ids((await t.app.inject(`/api/jobs/${id}/similar`)).json());

    await publish(ad('sim-new', UPPSALA, { ageDays: 0 }));
    const before = t.app.questionCache.size;
    expect(await similarTo('sim-self')).toEqual(['sim-new', 'sim-stockholm', 'sim-goteborg', 'sim-malmo']);
    // One entry: the group's and the field's searches from Uppsala.
    const kept = t.app.questionCache.size;
    expect(kept).toBe(before + 1);
    // Same group, same place: the kept searches, without itself and with the other.
    const forGone = await similarTo('sim-gone');
    // sim-self and sim-new are both in Uppsala: either may come first.
    expect(forGone.slice(0, 2).sort()).toEqual(['sim-new', 'sim-self']);
    expect(forGone.slice(2)).toEqual(['sim-stockholm', 'sim-goteborg']);
    expect(t.app.questionCache.size).toBe(kept);

    await publish(ad('sim-newer', UPPSALA, { ageDays: 0 }));
    expect(await similarTo('sim-self')).toContain('sim-newer');
  });
});
