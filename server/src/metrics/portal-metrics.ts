import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { IndexerObserver } from '@jobbportalen/indexer';
import type { ReadObserver } from '@jobbportalen/storage';
import type { AlertRunObserver } from '../features/alerts/alert-run.js';
import type { HousekeepingObserver } from '../housekeeping/retention-housekeeping.js';
import type { MailSenderObserver } from '../mail/mail-sender.js';
import type { QuestionCacheObserver } from '../search/question-cache.js';
import type { WarmRound as JobPageWarmRound } from '../web-pages/job-page-warmer.js';
import { databaseGauges, type DatabaseGaugeSources } from './database-gauges.js';

/**
 * Which process the figures come from: `portal` is `npm start` (server and indexer in one
 * process, one registry), `server` and `indexer` the two services of docker-compose. It is a
 * label on every series, so the server can merge the indexer's figures with its own without two
 * series of the same name and labels (metrics-merge.ts).
 */
export type MetricsRole = 'portal' | 'server' | 'indexer';

/** What a CV-reading pool has in hand now. */
export interface CvReaderLoad {
  busy: number;
  reservedBytes: number;
}

export interface PortalMetrics {
  readonly registry: Registry;
  readonly role: MetricsRole;
  /** One answered request: the route's pattern (never the raw URL), its status and its time. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** The question cache's hits and misses, by cache ('questions' or 'pages'). */
  questionCache(cache: 'questions' | 'pages'): QuestionCacheObserver;
  readonly searchReads: ReadObserver;
  readonly feed: IndexerObserver;
  readonly alertRuns: AlertRunObserver;
  readonly mail: MailSenderObserver;
  /** Rows (and .eml files) the retention housekeeping deleted, by kind. */
  readonly housekeeping: HousekeepingObserver;
  /** A CV refused with a 503 (readers busy, or over their memory budget). */
  cvRefused(): void;
  /**
   * A job page answered to a visitor, by where it came from: the store on disk, the memory's kept
   * pages, a render, or 304 to a cache that had it (send-app-page.ts).
   */
  jobPageServed(from: JobPageSource): void;
  /** A round of the job page warmer (web-pages/job-page-warmer.ts) has ended. */
  jobPageWarmRound(round: JobPageWarmRound): void;
  /**
   * Adds what the gauges read when scraped: the database (the indexer's side: outbox, feed, mail,
   * replicas), the search generation (a server's), the CV readers (a server's). Returns the removal.
   */
  watch(sources: MetricsSources): () => void;
}

export type JobPageSource = 'stored' | 'kept' | 'rendered' | 'unchanged';

export interface MetricsSources {
  /** The database the indexer works on, for the gauges that are rows in its tables. */
  database?: DatabaseGaugeSources;
  /** The search generation as a server's question cache reads it. */
  generation?: () => Promise<string | null>;
  cvReaders?: () => CvReaderLoad;
}

const PREFIX = 'jobbportalen_';
/** Request times from a cached answer (~1 ms) to a slow page or a CV reading (seconds). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** An alert run takes from milliseconds (nothing due) to many minutes (every subscription). */
const ALERT_RUN_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

/**
 * The portal's Prometheus metrics: one registry per process (server, indexer, or both in one
 * process), filled by observers the working code is handed — feature code never imports
 * prom-client — and by gauges read from the database when scraped.
 */
export function createPortalMetrics(role: MetricsRole): PortalMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const registers = [registry];

  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    registers,
  });
  const requestSeconds = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request’s arrival to its answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: HTTP_BUCKETS,
    registers,
  });

  const questions = new Counter({
    name: `${PREFIX}search_questions_total`,
    help: 'Search questions asked of the question cache (each a Meilisearch search unless cached)',
    labelNames: ['cache'],
    registers,
  });
  const cacheHits = new Counter({
    name: `${PREFIX}search_cache_hits_total`,
    help: 'Search questions answered from the question cache (or joined to a call under way)',
    labelNames: ['cache'],
    registers,
  });
  const cacheMisses = new Counter({
    name: `${PREFIX}search_cache_misses_total`,
    help: 'Search questions the question cache passed on to Meilisearch',
    labelNames: ['cache'],
    registers,
  });
  const replicaReads = new Counter({
    name: `${PREFIX}search_replica_reads_total`,
    help: 'Searches sent to each Meilisearch replica',
    labelNames: ['replica'],
    registers,
  });
  const retries = new Counter({
    name: `${PREFIX}search_retries_total`,
    help: 'Searches retried on another replica after one failed, by the replica retried on',
    labelNames: ['replica'],
    registers,
  });

  const feedImported = new Counter({
    name: `${PREFIX}feed_ads_imported_total`,
    help: 'Ads written from the feed, by source (snapshot or stream)',
    labelNames: ['source'],
    registers,
  });
  const feedRemoved = new Counter({
    name: `${PREFIX}feed_ads_removed_total`,
    help: 'Ads removed or expired by feed windows and snapshots, by source',
    labelNames: ['source'],
    registers,
  });
  const feedErrors = new Counter({
    name: `${PREFIX}feed_errors_total`,
    help: 'Snapshots and stream windows that failed (retried on the next round)',
    labelNames: ['source'],
    registers,
  });
  // Zero from the start: a rate() over a counter that appears only on its first error sees nothing.
  for (const source of ['snapshot', 'stream']) {
    feedImported.inc({ source }, 0);
    feedRemoved.inc({ source }, 0);
    feedErrors.inc({ source }, 0);
  }

  const alertRunSeconds = new Histogram({
    name: `${PREFIX}alert_run_duration_seconds`,
    help: 'Alert runs and their duration, by mode (scheduled or admin)',
    labelNames: ['mode'],
    buckets: ALERT_RUN_BUCKETS,
    registers,
  });
  const alertSubscriptions = new Counter({
    name: `${PREFIX}alert_run_subscriptions_total`,
    help: 'Subscriptions alert runs looked at',
    labelNames: ['mode'],
    registers,
  });
  const alertMails = new Counter({
    name: `${PREFIX}alert_run_mails_total`,
    help: 'Alert mails alert runs queued',
    labelNames: ['mode'],
    registers,
  });

  const mailSent = new Counter({ name: `${PREFIX}mail_sent_total`, help: 'Mails delivered', registers });
  const mailRetried = new Counter({
    name: `${PREFIX}mail_retried_total`,
    help: 'Mail attempts that failed for now and were put back in the queue',
    registers,
  });
  const mailFailed = new Counter({
    name: `${PREFIX}mail_failed_total`,
    help: 'Mails given up on (refused for good, or out of attempts)',
    registers,
  });

  const housekeepingDeleted = new Counter({
    name: `${PREFIX}housekeeping_deleted_total`,
    help: 'Rows (and kept .eml files) the retention housekeeping deleted, by kind; closedAdPayloads counts payloads emptied',
    labelNames: ['kind'],
    registers,
  });

  const cvRefused = new Counter({
    name: `${PREFIX}cv_extraction_refused_total`,
    help: 'CV readings refused with a 503 (all readers busy, or over their memory budget)',
    registers,
  });
  // The gauges below read what a server holds (its CV readers, its search generation): they are
  // registered when one is watched, so a process without it (the indexer) shows none, not zeros.
  let cvReaders: (() => CvReaderLoad) | undefined;
  const cvGauges = once(() => {
    new Gauge({
      name: `${PREFIX}cv_extraction_readers_busy`,
      help: 'CV reader threads reading a file now (the pool in use)',
      registers,
      collect() {
        this.set(cvReaders?.().busy ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}cv_extraction_memory_reserved_bytes`,
      help: 'Memory the CV readings in progress have reserved of their budget',
      registers,
      collect() {
        this.set(cvReaders?.().reservedBytes ?? 0);
      },
    });
  });

  const jobPages = new Counter({
    name: `${PREFIX}job_pages_total`,
    help: 'Job pages answered to visitors, by where they came from (stored, kept, rendered, or unchanged: 304)',
    labelNames: ['from'],
    registers,
  });
  const warmRounds = new Counter({
    name: `${PREFIX}job_page_warm_rounds_total`,
    help: 'Rounds of the job page warmer ended (each goes over every live ad)',
    registers,
  });
  const warmPages = new Counter({
    name: `${PREFIX}job_page_warm_pages_total`,
    help: 'Job pages the warmer rendered and stored ahead of visitors, or failed to (outcome)',
    labelNames: ['outcome'],
    registers,
  });
  const warmLastRound = new Gauge({
    name: `${PREFIX}job_page_warm_last_round_seconds`,
    help: 'How long the job page warmer’s last round took',
    registers,
  });

  // The generation's age: how long since the index last answered differently, as searches see it.
  let generation: (() => Promise<string | null>) | undefined;
  let lastGeneration: { value: string | null; since: number } | undefined;
  const generationGauge = once(
    () =>
      new Gauge({
        name: `${PREFIX}search_generation_age_seconds`,
        help: 'Seconds since the search generation (the newest change every serving replica has) last moved, as this process saw it',
        registers,
        async collect() {
          if (!generation) return;
          const value = await generation().catch(() => null);
          if (lastGeneration?.value !== value) lastGeneration = { value, since: Date.now() };
          this.set((Date.now() - lastGeneration.since) / 1000);
        },
      }),
  );

  const database = databaseGauges(PREFIX, registers);

  return {
    registry,
    role,
    request(method, route, status, seconds) {
      requests.inc({ method, route, status_code: status });
      requestSeconds.observe({ method, route }, seconds);
    },
    questionCache(cache) {
      return {
        asked(hits, misses) {
          questions.inc({ cache }, hits + misses);
          if (hits > 0) cacheHits.inc({ cache }, hits);
          if (misses > 0) cacheMisses.inc({ cache }, misses);
        },
      };
    },
    searchReads: {
      read(replica, retry) {
        replicaReads.inc({ replica });
        if (retry) retries.inc({ replica });
      },
    },
    feed: {
      windowApplied(source, totals) {
        feedImported.inc({ source }, totals.imported);
        feedRemoved.inc({ source }, totals.removed);
      },
      windowFailed(source) {
        feedErrors.inc({ source });
      },
    },
    alertRuns: {
      runDone(mode, result, seconds) {
        alertRunSeconds.observe({ mode }, seconds);
        alertSubscriptions.inc({ mode }, result.subscriptions);
        alertMails.inc({ mode }, result.mails);
      },
    },
    mail: {
      recorded(delta) {
        if (delta.sent > 0) mailSent.inc(delta.sent);
        if (delta.retried > 0) mailRetried.inc(delta.retried);
        if (delta.failed > 0) mailFailed.inc(delta.failed);
      },
    },
    jobPageServed: (from) => jobPages.inc({ from }),
    jobPageWarmRound(round) {
      warmRounds.inc();
      warmPages.inc({ outcome: 'rendered' }, round.rendered);
      warmPages.inc({ outcome: 'failed' }, round.failed);
      warmLastRound.set(round.ms / 1000);
    },
    housekeeping: {
      deleted(kind, count) {
        housekeepingDeleted.inc({ kind }, count);
      },
    },
    cvRefused: () => cvRefused.inc(),
    watch(sources) {
      if (sources.cvReaders) {
        cvGauges();
        cvReaders = sources.cvReaders;
      }
      if (sources.generation) {
        generationGauge();
        generation = sources.generation;
      }
      if (sources.database) database.watch(sources.database);
      return () => {
        if (sources.cvReaders && cvReaders === sources.cvReaders) cvReaders = undefined;
        if (sources.generation && generation === sources.generation) generation = undefined;
        if (sources.database) database.unwatch(sources.database.db);
      };
    },
  };
}

/** Runs `create` the first time it is called, never again. */
function once(create: () => unknown): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    create();
  };
}
