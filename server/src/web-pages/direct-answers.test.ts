// A page is built from the answers the browser would get: what the server gives its render
// without a request (direct-answers.ts, and a job page's route) is, body for body, what the API
// answers at the same path.
import type { FastifyRequest } from 'fastify';
import { drainOutbox } from '@jobbportalen/indexer';
import { PAGE_ANSWER_PATHS } from '@jobbportalen/contracts';
import { findJobById } from '@jobbportalen/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import { AppError } from '../errors.js';
import { answered, directAnswers, jobPageAnswers } from './direct-answers.js';

describe.each(testDatabaseKinds())('direct page answers on %s', (kind) => {
  let t: TestApp;
  const ids = [1, 2, 3].map((n) => `direct-${kind}-${n}`);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (const [n, id] of ids.entries()) {
      const ad = normalizedJob(id, {
        title: `Direktsvetsare ${n}`,
        occupation: 'Svetsare',
        location: 'Gävle',
      });
      await t.database.db.insertInto('jobs').values(normalizedJobRow(ad, null)).execute();
      await t.database.db.insertInto('searchOutbox').values({ jobId: id }).execute();
    }
    await drainOutbox({ db: t.database.db, client: t.search.client, indexUid: t.config.meiliIndex });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** These answers read nothing of the page's request. */
  const noRequest = {} as FastifyRequest;
  const api = async (path: string) => {
    const response = await t.app.inject({ method: 'GET', url: path });
    return { status: response.statusCode, body: response.json() as unknown };
  };

  it('config, places, extents, forms, query rules, the start page’s texts, stats and latest ads: the API’s own answers', async () => {
    const direct = directAnswers(t.app);
    for (const path of [
      PAGE_ANSWER_PATHS.config,
      PAGE_ANSWER_PATHS.places,
      PAGE_ANSWER_PATHS.extents,
      PAGE_ANSWER_PATHS.forms,
      PAGE_ANSWER_PATHS.queryRules,
      PAGE_ANSWER_PATHS.siteSettings,
      PAGE_ANSWER_PATHS.stats,
      PAGE_ANSWER_PATHS.latestJobs(6),
      PAGE_ANSWER_PATHS.latestJobs(1),
    ]) {
      const answer = await direct(path, noRequest);
      expect(answer, path).toEqual(await api(path));
    }
    // Not one of them, or not as the route would take it: asked of the route.
    // (A search page's filter counts and 'Visa även …' are read with the page's request:
    // direct-search-answers.test.ts.)
    for (const path of ['/api/jobs/titles', '/api/jobs/latest?limit=0', '/api/jobs/latest?limit=999'])
      expect(direct(path, noRequest), path).toBeUndefined();
  });

  it('a job page’s ad and its Liknande jobb, from the row its route read: the API’s answers', async () => {
    const row = (await findJobById(t.database.db, ids[0]!))!;
    const answers = await jobPageAnswers(t.app)(row);
    expect(Object.keys(answers)).toHaveLength(2);
    const job = answers[PAGE_ANSWER_PATHS.job(row.id)];
    expect(job).toEqual(await api(PAGE_ANSWER_PATHS.job(row.id)));
    const similar = answers[PAGE_ANSWER_PATHS.similarJobs(row.id)]!;
    expect(similar).toEqual(await api(PAGE_ANSWER_PATHS.similarJobs(row.id)));
    expect((similar.body as unknown[]).length).toBe(2);
  });

  it('an error is answered as the route answers it: status, code and message', async () => {
    const answer = await answered(async () => {
      throw new AppError(410, 'GONE', 'Annonsen har tagits bort.', { job: { id: 'x' } });
    });
    expect(answer).toEqual({
      status: 410,
      body: {
        code: 'GONE',
        message: 'Annonsen har tagits bort.',
        error: 'Annonsen har tagits bort.',
        job: { id: 'x' },
      },
    });
  });
});
