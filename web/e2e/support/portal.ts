/**
 * A real portal for browser tests, benchmarks and screenshots — one per test file.
 *
 *   const portal = await startE2ePortal({ ads: 300, seed: 11 });
 *   portal.url                        'http://127.0.0.1:PORT' (the built web app + the API)
 *   await portal.liveJobs({ limit })  live ads from the database (newest first), e.g. to open /jobb/{id}
 *   await portal.jobId()              the id of one live ad (the newest)
 *   await portal.removeJob(filter?)   advances the feed simulator and applies stream windows until a
 *                                     live ad (one that passes `filter`, if given) is removed; returns its
 *                                     id (GET /api/jobs/{id} → 410)
 *   await portal.removedJobId()       one removed ad with a title, an employer and a category, removed
 *                                     the first time it is asked for (a shared portal: before its first file)
 *   await portal.createUser()         a candidate registered and logged in through the real routes
 *                                     ({ id, name, email, password, token }); createUser('admin') for an admin
 *   await portal.adminToken()         a bearer token of an admin (created once per portal, then reused)
 *   await portal.setSiteSettings({ heroTitle, heroSubtitle, ctaText })   through POST /api/admin/site-settings
 *   await portal.syncFeed(ms)         advance the simulator by ms and apply one stream window
 *   portal.app / .database / .search / .config / .simulator   the pieces, for anything else
 *                                     (portal satisfies test-support's TestApp, so its helpers take it)
 *   await portal.close()
 *
 * What it is made of: the server's buildApp (server/src/app.ts) on a fresh in-memory PGlite
 * (test-support/databases), the test run's Meilisearch (vitest globalSetup; inject('meiliUrl'),
 * through test-support/search.ts) with an index of its own, listening on a free port on 127.0.0.1,
 * serving a private copy of web/dist (built first if missing or stale, see web-build.ts). The ads come
 * from our JobStream simulator (fixed seed, frozen clock, so the corpus is the same on every run),
 * imported synchronously before the tests with importSnapshot + drainOutbox — no embedded indexer
 * runs, so nothing changes behind a test's back. Rate limits are relaxed (a test file logs in and
 * searches far more often than a person).
 *
 * Outside vitest (scripts), pass `meili: { url, apiKey }` of a Meilisearch you started yourself.
 *
 * In a test file, prefer the lifecycle helper in ./e2e.ts, which also launches chromium:
 *   const e2e = useE2e();            // beforeAll: portal + browser; afterAll: both closed
 *   const page = await e2e.page();   // a fresh browser context (own localStorage), 1280×800
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Meilisearch } from 'meilisearch';
import { Meilisearch as MeilisearchClient } from 'meilisearch';
import { startFeedSimulator, type FeedSimulator } from '@jobbportalen/feed-simulator';
import {
  createFeedClient,
  drainOutbox,
  importSnapshot,
  syncStreamWindow,
  type StreamWindowResult,
  type SyncContext,
} from '@jobbportalen/indexer';
import { buildApp, loadConfig, type App, type Config } from '@jobbportalen/server';
import { ensureJobsIndex, openSearchEngine, type JobRow, type SearchEngine } from '@jobbportalen/storage';
import { createUser, RELAXED_RATE_LIMITS, type TestUser } from '@jobbportalen/test-support/auth';
import { openTestDatabase, type TestDatabase } from '@jobbportalen/test-support/databases';
import { snapshotWebDist } from './web-build.js';

export type { TestUser };

/**
 * How long reading a CV (and matching it) may take in the browser tests: the suite runs its
 * browsers, servers and node tests on two cores, where a reader thread can wait many seconds for
 * one. The portal gives the reader this long (MATCH_EXTRACTION_TIMEOUT_MS, 10 s in production,
 * whose limit the server's own tests check), and the tests wait as long for what it read.
 */
export const READING_MS = 60_000;

export interface E2ePortalOptions {
  /** Live ads in the simulated feed (default 300). */
  ads?: number;
  /** Seed of the generated corpus (default 11). */
  seed?: number;
  /** Extra environment for loadConfig (SITE_NAME, CONTACT_EMAIL …). */
  env?: Record<string, string>;
  /** A Meilisearch to use; default: the vitest run's shared one. */
  meili?: { url: string; apiKey: string };
  /** Serve this folder instead of a copy of web/dist (which is then not built either). */
  webRoot?: string;
  /** Where the copy of web/dist is made (default: the system's temporary directory). */
  webCopyParent?: string;
  /** Log import progress to stdout (scripts). */
  verbose?: boolean;
}

/** A field left out stays as it is; '' or null clears it (the start page then shows its fallback). */
export interface SiteSettingsInput {
  heroTitle?: string | null;
  heroSubtitle?: string | null;
  ctaText?: string | null;
}

export interface E2ePortal {
  url: string;
  app: App;
  database: TestDatabase;
  search: SearchEngine;
  config: Readonly<Config>;
  simulator: FeedSimulator;
  indexUid: string;
  /** Ads imported by the first snapshot. */
  imported: number;
  liveJobs(options?: { limit?: number }): Promise<JobRow[]>;
  jobId(): Promise<string>;
  removeJob(filter?: (job: JobRow) => boolean): Promise<string>;
  /** An ad the feed removed, with a title, an employer and a category (its page names them). */
  removedJobId(): Promise<string>;
  syncFeed(advanceMs: number): Promise<StreamWindowResult>;
  createUser(role?: 'candidate' | 'admin'): Promise<TestUser>;
  adminToken(): Promise<string>;
  setSiteSettings(settings: SiteSettingsInput): Promise<void>;
  close(): Promise<void>;
}

const quietLogger = { info() {}, warn() {}, error() {} };

/** The test run's Meilisearch (test-support/global-setup.ts provides its address to every file). */
async function defaultMeili(): Promise<{ url: string; apiKey: string }> {
  // Loaded lazily, and typed here rather than through global-setup's ProvidedContext declaration:
  // scripts import this module too, and must neither load vitest nor compile the test setup.
  const { inject } = await import('vitest');
  const provided = inject as unknown as (key: 'meiliUrl' | 'meiliKey') => string;
  return { url: provided('meiliUrl'), apiKey: provided('meiliKey') };
}

export async function startE2ePortal(options: E2ePortalOptions = {}): Promise<E2ePortal> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse())
      await Promise.resolve(cleanup()).catch(() => undefined);
  };
  try {
    let webRoot = options.webRoot;
    if (!webRoot) {
      const copy = await snapshotWebDist(options.webCopyParent);
      cleanups.push(() => copy.remove());
      webRoot = copy.root;
    }

    const meili = options.meili ?? (await defaultMeili());
    const indexUid = `e2e_${randomBytes(5).toString('hex')}`;
    const client: Meilisearch = new MeilisearchClient({ host: meili.url, apiKey: meili.apiKey });
    await ensureJobsIndex(client, indexUid);
    cleanups.push(async () => {
      await client.deleteIndexIfExists(indexUid);
    });

    const database = await openTestDatabase('pglite');
    cleanups.push(() => database.close());

    const simulator = await startFeedSimulator({
      ads: options.ads ?? 300,
      seed: options.seed ?? 11,
      speed: 0,
      changeRatePerSecond: 1,
      host: '127.0.0.1',
    });
    cleanups.push(() => simulator.close());

    const context: SyncContext = {
      db: database.db,
      indexUid,
      feed: createFeedClient({
        baseUrl: simulator.url,
        apiVersion: 'v1',
        minRequestIntervalMs: 0,
        retryBaseDelayMs: 5,
        retryMaxDelayMs: 50,
        maxAttempts: 4,
      }),
      logger: quietLogger,
      signal: new AbortController().signal,
      batchSize: 500,
      now: () => new Date(simulator.now()),
    };
    const started = Date.now();
    const snapshot = await importSnapshot(context);
    await drainOutbox({ db: database.db, client, indexUid });
    if (options.verbose)
      console.log(`${snapshot.imported} annonser importerade på ${Date.now() - started} ms`);

    const search: SearchEngine = await openSearchEngine({
      dataDir: '',
      meiliUrl: meili.url,
      meiliMasterKey: meili.apiKey,
    });
    const loaded = loadConfig({
      DATA_DIR: '/nonexistent-e2e-data-dir',
      HOST: '127.0.0.1',
      PORT: '0',
      MEILI_INDEX: indexUid,
      JWT_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      EMBEDDED_INDEXER: 'false',
      MATCH_EXTRACTION_TIMEOUT_MS: String(READING_MS),
      ...RELAXED_RATE_LIMITS,
      ...options.env,
    });
    // Searches are limited per IP, and every browser in a test run is 127.0.0.1.
    const config = Object.freeze({
      ...loaded,
      rateLimits: { ...loaded.rateLimits, searchPerIp: 1_000_000 },
    }) as Readonly<Config>;
    const app = await buildApp({ config, database, search, webRoot, logger: false });
    cleanups.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    let adminToken: Promise<string> | undefined;
    let removedJobId: Promise<string> | undefined;
    const portal: E2ePortal = {
      url: `http://127.0.0.1:${port}`,
      app,
      database,
      search,
      config,
      simulator,
      indexUid,
      imported: snapshot.imported,

      async liveJobs({ limit = 20 } = {}) {
        return database.db
          .selectFrom('jobs')
          .selectAll()
          .where('removedAt', 'is', null)
          .orderBy('publishedAt', 'desc')
          .orderBy('id')
          .limit(limit)
          .execute();
      },

      async jobId() {
        const [job] = await portal.liveJobs({ limit: 1 });
        if (!job) throw new Error('the portal has no live ads');
        return job.id;
      },

      async syncFeed(advanceMs) {
        simulator.advance(advanceMs);
        const result = await syncStreamWindow(context);
        await drainOutbox({ db: database.db, client, indexUid });
        return result;
      },

      async removeJob(filter = () => true) {
        const live = new Map((await portal.liveJobs({ limit: 100_000 })).map((job) => [job.id, job]));
        for (let step = 0; step < 120; step += 1) {
          await portal.syncFeed(60_000);
          const removed = await database.db
            .selectFrom('jobs')
            .select('id')
            .where('removedAt', 'is not', null)
            .orderBy('id')
            .execute();
          const gone = removed.find((row) => live.has(row.id) && filter(live.get(row.id)!));
          if (gone) return gone.id;
        }
        throw new Error('no matching ad was removed within two hours of simulated feed time');
      },

      removedJobId() {
        removedJobId ??= portal.removeJob(
          (job) => job.title !== '' && job.company !== null && job.mainCategory !== null,
        );
        return removedJobId;
      },

      createUser: (role = 'candidate') => createUser(portal, role),

      adminToken() {
        adminToken ??= createUser(portal, 'admin').then((user) => user.token);
        return adminToken;
      },

      async setSiteSettings(settings) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/admin/site-settings',
          headers: { authorization: `Bearer ${await portal.adminToken()}` },
          payload: settings,
        });
        if (response.statusCode !== 200)
          throw new Error(`site settings: ${response.statusCode} ${response.body}`);
      },

      close: closeAll,
    };
    return portal;
  } catch (error) {
    await closeAll();
    throw error;
  }
}
