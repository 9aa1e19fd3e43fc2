import path from 'node:path';
import { isStrongPassword } from './features/auth/password-strength.js';

export type FeedApiVersion = 'v1' | 'v2';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * JOB_PAGE_STORE_DIR: where rendered job pages are stored (web-pages/job-page-store.ts);
   * default $DATA_DIR/job-pages, null when set to `off`.
   */
  jobPageStoreDir: string | null;
  databaseUrl: string | undefined;
  meiliUrl: string | undefined;
  /** MEILI_URLS: several Meilisearch replicas, each a full copy (same master key); empty: MEILI_URL or embedded. */
  meiliUrls: readonly string[];
  /** Outbox rows a replica that is down may fall behind before it is rebuilt when back. */
  meiliReplicaMaxBacklog: number;
  /** SEARCH_CACHE_MS: how long an answer of a repeated search question is kept (0: not at all). */
  searchCacheMs: number;
  /** SEARCH_CACHE_ENTRIES: answers the question cache holds at most (least recently used leave). */
  searchCacheEntries: number;
  /**
   * SEARCH_PAGE_CACHE_MS: how long a rendered search page is shared between identical addresses
   * (never past a change that became searchable); 0, or SEARCH_CACHE_MS=0, not at all.
   */
  searchPageCacheMs: number;
  meiliMasterKey: string | undefined;
  meiliBin: string | undefined;
  /** Meilisearch index uid of the public jobs index. */
  meiliIndex: string;
  /** Unset means: generate one and keep it in the data dir (only allowed with embedded PGlite). */
  jwtSecret: string | undefined;
  siteName: string;
  contactEmail: string;
  /**
   * Public base URL for canonical links and the sitemap. Required in production; unset (embedded)
   * → the request's host when it names this machine, else the listening address.
   */
  publicUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** Run the feed indexer inside the server process (the embedded default). */
  embeddedIndexer: boolean;
  feedUrl: string;
  feedApiVersion: FeedApiVersion;
  feedApiKey: string | undefined;
  /** Least time between two requests to the feed (the real JobStream allows one a minute). */
  feedRequestIntervalMs: number;
  /** Import a snapshot and start streaming by itself when the database has never had one. */
  feedAutoImport: boolean;
  /** Whether the server sits behind a reverse proxy whose X-Forwarded-For it may trust. */
  trustProxy: boolean;
  /** Requests per minute before a 429; tests lower them to reach the limit quickly. */
  rateLimits: RateLimits;
  /** CV matching: its rate limit, the CV readers' time and memory, optional embeddings. */
  match: MatchConfig;
  /** Outgoing e-mail: alerts, confirmations, verification and password reset. */
  mail: MailConfig;
  /** When saved-search alerts are sent. */
  alerts: AlertsConfig;
  /** How long the housekeeping keeps what piles up (the privacy page states these very figures). */
  retention: RetentionConfig;
  /** METRICS_TOKEN: the bearer token /metrics wants; unset, there is no /metrics (404). A secret. */
  metricsToken: string | undefined;
  /**
   * METRICS_PORT: where `npm run indexer` serves its own /metrics (unset, or METRICS_TOKEN unset:
   * it serves none — compose sets the port, the operator opts in with the token).
   */
  metricsPort: number | undefined;
  /**
   * INDEXER_METRICS_URL: the indexer's metrics listener (http://indexer:9464), whose figures the
   * server's /metrics then includes; unset, the server serves its own (and those of an indexer in
   * its process).
   */
  indexerMetricsUrl: string | undefined;
}

export interface MailConfig {
  /** smtp:// or smtps:// (credentials may be in it); unset: mails are kept as .eml files in $DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The From header, e.g. 'Jobbportalen <no-reply@jobbportalen.se>'. */
  from: string;
  /** Mails handed to SMTP per hour at most; the rest wait in the outbox. */
  maxPerHour: number;
}

export interface AlertsConfig {
  /** Daily alerts (and weekly ones, on Mondays) go out at this Stockholm time, 'HH:MM'. */
  dailyAt: string;
  /** Run the alert scheduler and mail sender beside the feed indexer (off for tests that drive runs). */
  schedulerEnabled: boolean;
}

/**
 * Days each kind of record is kept before the indexer's housekeeping deletes it. One owner for the
 * periods: the housekeeping deletes by them and /integritet tells users them, so the page never lies.
 */
export interface RetentionConfig {
  /** RETENTION_IMPORT_LOG_DAYS: rows of import_log (one per stream window). */
  importLogDays: number;
  /** RETENTION_CLOSED_AD_PAYLOAD_DAYS: a removed or expired ad's raw feed payload (may hold personal data). */
  closedAdPayloadDays: number;
  /** RETENTION_CLOSED_AD_DAYS: a removed or expired ad's row, unless a user has saved it. */
  closedAdDays: number;
  /** RETENTION_FEED_CONTROL_DAYS: the admins' feed-control history. */
  feedControlDays: number;
  /** RETENTION_ALERT_SENT_DAYS: the record of which ads an alert already mailed (its sent set). */
  alertSentDays: number;
  /** RETENTION_RESOLVED_REPORT_DAYS: 'Anmäl annons' reports after an admin resolved them. */
  resolvedReportDays: number;
  /** RETENTION_MAIL_DAYS: sent mails (outbox rows) and .eml files kept in place of SMTP. */
  mailDays: number;
}

const RETENTION_DEFAULTS: Record<keyof RetentionConfig, [env: string, days: number]> = {
  importLogDays: ['RETENTION_IMPORT_LOG_DAYS', 90],
  closedAdPayloadDays: ['RETENTION_CLOSED_AD_PAYLOAD_DAYS', 30],
  closedAdDays: ['RETENTION_CLOSED_AD_DAYS', 365],
  feedControlDays: ['RETENTION_FEED_CONTROL_DAYS', 180],
  alertSentDays: ['RETENTION_ALERT_SENT_DAYS', 90],
  resolvedReportDays: ['RETENTION_RESOLVED_REPORT_DAYS', 180],
  mailDays: ['RETENTION_MAIL_DAYS', 31],
};

export interface MatchConfig {
  /** CV matches per minute and IP. */
  ratePerMinute: number;
  /** Time limit for reading one CV file. */
  extractionTimeoutMs: number;
  /** Memory all CV readings in progress may reserve together; a file that does not fit gets a 503. */
  extractionMemoryMb: number;
  /** V8 heap of one CV reader thread. */
  extractionHeapMb: number;
  /** Hybrid matching through an OpenAI-compatible embeddings endpoint; null (off) unless configured. */
  embeddings: EmbeddingsConfig | null;
}

export interface EmbeddingsConfig {
  /** e.g. http://127.0.0.1:11434/v1/embeddings */
  url: string;
  /** Model name sent to it. */
  model: string;
  /** Bearer key for it, when it wants one. */
  apiKey: string | undefined;
  /** The Meilisearch embedder (an index setting) to search with. */
  embedder: string;
}

export interface RateLimits {
  loginPerIp: number;
  loginPerEmail: number;
  registerPerIp: number;
  registerPerEmail: number;
  pageViewsPerIp: number;
  searchPerIp: number;
  /** Mail-sending requests (alert subscriptions, password reset, verification resend) per IP. */
  mailRequestsPerIp: number;
  /** 'Anmäl annons' reports per IP. */
  reportsPerIp: number;
  /** Saved-search lists, saves and changes (each counts new ads) per account. */
  savedSearchesPerAccount: number;
  /** 'Ladda ner mina uppgifter' (GET /api/candidate/export, several tables read) per account. */
  exportsPerAccount: number;
  /** 'Du uppfyller … krav' (GET /api/candidate/fit, one per list of ads shown) per account. */
  fitPerAccount: number;
}

/** Defaults per minute: generous for people, tight enough to make password guessing slow. */
const RATE_LIMIT_DEFAULTS: Record<keyof RateLimits, [env: string, perMinute: number]> = {
  loginPerIp: ['RATE_LIMIT_LOGIN_PER_IP', 10],
  loginPerEmail: ['RATE_LIMIT_LOGIN_PER_EMAIL', 5],
  registerPerIp: ['RATE_LIMIT_REGISTER_PER_IP', 5],
  registerPerEmail: ['RATE_LIMIT_REGISTER_PER_EMAIL', 3],
  pageViewsPerIp: ['RATE_LIMIT_PAGEVIEWS_PER_IP', 120],
  searchPerIp: ['RATE_LIMIT_SEARCH_PER_IP', 300],
  mailRequestsPerIp: ['RATE_LIMIT_MAIL_REQUESTS_PER_IP', 5],
  reportsPerIp: ['RATE_LIMIT_REPORTS_PER_IP', 5],
  savedSearchesPerAccount: ['RATE_LIMIT_SAVED_SEARCHES_PER_ACCOUNT', 60],
  exportsPerAccount: ['RATE_LIMIT_EXPORTS_PER_ACCOUNT', 5],
  fitPerAccount: ['RATE_LIMIT_FIT_PER_ACCOUNT', 120],
};

/**
 * Mails one address may be sent on request (confirmations, reset links, verification) per hour:
 * low, so nobody can use the portal to flood someone else's inbox.
 */
export const MAIL_REQUESTS_PER_ADDRESS_PER_HOUR = 3;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;
type EnvValue = (name: string) => string | undefined;

/** A count, a size or a duration: a whole number ≥ 1, or the fallback when unset. */
function wholeNumber(value: EnvValue, name: string, fallback: number, problems: string[]): number {
  const text = value(name) ?? String(fallback);
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1) problems.push(`${name} must be a whole number ≥ 1`);
  return Number(text);
}

function loadEmbeddings(value: EnvValue, problems: string[]): EmbeddingsConfig | null {
  const url = value('EMBEDDINGS_URL');
  const model = value('EMBEDDINGS_MODEL');
  if (!url && !model) return null;
  if (!url || !model) problems.push('EMBEDDINGS_URL and EMBEDDINGS_MODEL must be set together');
  else if (!/^https?:\/\//.test(url)) problems.push('EMBEDDINGS_URL must be an http(s) URL');
  else
    return Object.freeze({
      url,
      model,
      apiKey: value('EMBEDDINGS_API_KEY'),
      embedder: value('EMBEDDINGS_EMBEDDER') ?? 'default',
    });
  return null;
}

function loadMatch(value: EnvValue, problems: string[]): Readonly<MatchConfig> {
  const ratePerMinute = wholeNumber(value, 'MATCH_RATE_LIMIT_PER_IP', 10, problems);
  const extractionTimeoutMs = wholeNumber(value, 'MATCH_EXTRACTION_TIMEOUT_MS', 10_000, problems);
  const extractionMemoryMb = wholeNumber(value, 'MATCH_EXTRACTION_MEMORY_MB', 256, problems);
  const extractionHeapMb = wholeNumber(value, 'MATCH_EXTRACTION_HEAP_MB', 128, problems);
  // Below this the parsers themselves (about 13 MB once loaded) leave too little for a CV.
  if (extractionHeapMb < 32) problems.push('MATCH_EXTRACTION_HEAP_MB must be at least 32');
  if (extractionMemoryMb < extractionHeapMb)
    problems.push('MATCH_EXTRACTION_MEMORY_MB must be at least MATCH_EXTRACTION_HEAP_MB');
  return Object.freeze({
    ratePerMinute,
    extractionTimeoutMs,
    extractionMemoryMb,
    extractionHeapMb,
    embeddings: loadEmbeddings(value, problems),
  });
}

function loadMail(value: EnvValue, publicUrl: string | undefined, problems: string[]): Readonly<MailConfig> {
  const smtpUrl = value('SMTP_URL');
  if (smtpUrl && !isUrl(smtpUrl, ['smtp:', 'smtps:']))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  const host = publicUrl && isBaseUrl(publicUrl) ? new URL(publicUrl).hostname : 'jobbportalen.se';
  const from = value('MAIL_FROM') ?? `Jobbportalen <no-reply@${host}>`;
  if (!/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(from))
    problems.push("MAIL_FROM must be an address, e.g. 'Jobbportalen <no-reply@example.se>'");
  const maxPerHour = wholeNumber(value, 'MAIL_MAX_PER_HOUR', 20_000, problems);
  return Object.freeze({ smtpUrl, from, maxPerHour });
}

function loadAlerts(value: EnvValue, problems: string[]): Readonly<AlertsConfig> {
  const dailyAt = value('ALERTS_DAILY_AT') ?? '07:00';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(dailyAt))
    problems.push("ALERTS_DAILY_AT must be a time 'HH:MM', e.g. 07:00");
  const schedulerEnabled = flag(value('ALERTS_SCHEDULER'), true);
  if (schedulerEnabled === undefined) problems.push('ALERTS_SCHEDULER must be true or false');
  return Object.freeze({ dailyAt, schedulerEnabled: schedulerEnabled ?? true });
}

function loadRetention(value: EnvValue, problems: string[]): Readonly<RetentionConfig> {
  const retention = {} as RetentionConfig;
  for (const [key, [name, fallback]] of Object.entries(RETENTION_DEFAULTS)) {
    retention[key as keyof RetentionConfig] = wholeNumber(value, name, fallback, problems);
  }
  // The payload goes first: a row without it still answers 'Annonsen är borttagen' for saved jobs.
  if (retention.closedAdDays < retention.closedAdPayloadDays)
    problems.push('RETENTION_CLOSED_AD_DAYS must be at least RETENTION_CLOSED_AD_PAYLOAD_DAYS');
  return Object.freeze(retention);
}

function loadMetrics(
  value: EnvValue,
  problems: string[],
): Pick<Config, 'metricsToken' | 'metricsPort' | 'indexerMetricsUrl'> {
  const metricsToken = value('METRICS_TOKEN');
  // Anyone who has it reads the portal's traffic and queues: as hard to guess as JWT_SECRET.
  if (metricsToken && (metricsToken.length < 32 || /\s/.test(metricsToken)))
    problems.push('METRICS_TOKEN must be at least 32 characters long, without spaces');
  const portText = value('METRICS_PORT');
  const metricsPort = portText === undefined ? undefined : Number(portText);
  if (portText !== undefined && (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535))
    problems.push('METRICS_PORT must be a port number (0–65535)');
  const indexerMetricsUrl = value('INDEXER_METRICS_URL');
  if (indexerMetricsUrl && !isBaseUrl(indexerMetricsUrl))
    problems.push('INDEXER_METRICS_URL must be an http(s) URL, e.g. http://indexer:9464');
  if (indexerMetricsUrl && !metricsToken) problems.push('INDEXER_METRICS_URL needs METRICS_TOKEN');
  return { metricsToken, metricsPort, indexerMetricsUrl };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A base for absolute links: paths are appended to it, so it may have none of the URL's other parts. */
function isBaseUrl(value: string): boolean {
  if (!isUrl(value, ['http:', 'https:'])) return false;
  const url = new URL(value);
  return !url.username && !url.password && !/[?#]/.test(value);
}

function flag(value: string | undefined, fallback: boolean): boolean | undefined {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  return undefined;
}

/**
 * Reads the configuration once from the environment. Every problem is collected and reported
 * together, so an operator fixes them in one round instead of one restart per mistake.
 */
export function loadConfig(env: Env = process.env): Readonly<Config> {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };

  const portText = value('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) {
    problems.push(`PORT must be a port number (0–65535), got "${portText}"`);
  }

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl && !isUrl(databaseUrl, ['postgres:', 'postgresql:'])) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }

  const meiliUrl = value('MEILI_URL');
  if (meiliUrl && !isUrl(meiliUrl, ['http:', 'https:'])) problems.push('MEILI_URL must be an http(s) URL');
  const meiliUrls = (value('MEILI_URLS') ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (meiliUrls.some((url) => !isUrl(url, ['http:', 'https:'])))
    problems.push('MEILI_URLS must be comma-separated http(s) URLs');
  if (meiliUrls.length > 0 && meiliUrl) problems.push('Set MEILI_URL or MEILI_URLS, not both');
  const meiliReplicaMaxBacklog = wholeNumber(value, 'MEILI_REPLICA_MAX_BACKLOG', 100_000, problems);
  // 0 turns the question cache off (tests that change the index behind the indexer's back).
  const searchCacheMs =
    value('SEARCH_CACHE_MS') === '0' ? 0 : wholeNumber(value, 'SEARCH_CACHE_MS', 5_000, problems);
  const searchCacheEntries = wholeNumber(value, 'SEARCH_CACHE_ENTRIES', 5_000, problems);
  // A page answers the same as long as the index does (the search generation says when it no
  // longer does); its time limit only bounds what drifts with the clock ('för 3 timmar sedan').
  const searchPageCacheMs =
    searchCacheMs === 0 ? 0 : wholeNumber(value, 'SEARCH_PAGE_CACHE_MS', 60_000, problems);
  const meiliMasterKey = value('MEILI_MASTER_KEY');
  if (meiliMasterKey && !meiliUrl && meiliUrls.length === 0)
    problems.push('MEILI_MASTER_KEY is set but MEILI_URL is not');

  const jwtSecret = value('JWT_SECRET');
  if (databaseUrl && !jwtSecret) {
    problems.push(
      'JWT_SECRET is required when DATABASE_URL is set (production): use 32 or more random characters',
    );
  }
  if (jwtSecret && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');

  const meiliIndex = value('MEILI_INDEX') ?? 'jobs';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(meiliIndex)) {
    problems.push('MEILI_INDEX may only contain letters, digits, - and _');
  }

  const publicUrl = value('PUBLIC_URL')?.replace(/\/+$/, '');
  if (publicUrl && !isBaseUrl(publicUrl)) {
    problems.push('PUBLIC_URL must be an http(s) URL without user name, query or fragment');
  }
  // Without it, absolute links would come from the request's Host header, which anyone can set.
  if (databaseUrl && !publicUrl) {
    problems.push(
      'PUBLIC_URL is required when DATABASE_URL is set (production): the address the portal is reached at, e.g. https://jobb.example.se',
    );
  }

  const contactEmail = value('CONTACT_EMAIL') ?? 'kontakt@jobbportalen.se';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail))
    problems.push('CONTACT_EMAIL must be an e-mail address');

  const adminEmail = value('ADMIN_EMAIL');
  const adminPassword = value('ADMIN_PASSWORD');
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword && (adminPassword.length < 8 || adminPassword.length > 128)) {
    problems.push('ADMIN_PASSWORD must be 8–128 characters long');
  } else if (
    adminPassword &&
    !isStrongPassword(adminPassword, { email: adminEmail, siteName: value('SITE_NAME') ?? 'Jobbportalen' })
  ) {
    // The same rule as registration and admin:create: an admin account is the one most worth guessing.
    problems.push('ADMIN_PASSWORD is too easy to guess: choose a longer or less common one');
  }

  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const feedApiVersion = value('FEED_API_VERSION') ?? 'v1';
  if (feedApiVersion !== 'v1' && feedApiVersion !== 'v2') problems.push('FEED_API_VERSION must be v1 or v2');
  const feedUrl = (value('FEED_URL') ?? 'https://jobstream.api.jobtechdev.se').replace(/\/+$/, '');
  if (!isUrl(feedUrl, ['http:', 'https:'])) problems.push('FEED_URL must be an http(s) URL');

  const intervalText = value('FEED_REQUEST_INTERVAL_MS') ?? '60000';
  const feedRequestIntervalMs = Number(intervalText);
  if (!/^\d{1,9}$/.test(intervalText))
    problems.push('FEED_REQUEST_INTERVAL_MS must be a whole number of milliseconds');
  else if (
    feedRequestIntervalMs < 60_000 &&
    isUrl(feedUrl, ['http:', 'https:']) &&
    new URL(feedUrl).hostname.endsWith('jobtechdev.se')
  ) {
    problems.push(
      'FEED_REQUEST_INTERVAL_MS must be at least 60000 for the real JobStream (one request a minute)',
    );
  }
  const feedAutoImport = flag(value('FEED_AUTO_IMPORT'), false);
  if (feedAutoImport === undefined) problems.push('FEED_AUTO_IMPORT must be true or false');

  const embeddedIndexer = flag(value('EMBEDDED_INDEXER'), true);
  if (embeddedIndexer === undefined) problems.push('EMBEDDED_INDEXER must be true or false');
  const trustProxy = flag(value('TRUST_PROXY'), false);
  if (trustProxy === undefined) problems.push('TRUST_PROXY must be true or false');

  const rateLimits = {} as RateLimits;
  for (const [key, [name, fallback]] of Object.entries(RATE_LIMIT_DEFAULTS)) {
    rateLimits[key as keyof RateLimits] = wholeNumber(value, name, fallback, problems);
  }
  const match = loadMatch(value, problems);
  const mail = loadMail(value, publicUrl, problems);
  const alerts = loadAlerts(value, problems);
  const metrics = loadMetrics(value, problems);
  const retention = loadRetention(value, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(value('DATA_DIR') ?? './data');
  const jobPageStoreDir = value('JOB_PAGE_STORE_DIR');
  return Object.freeze({
    port,
    host: value('HOST') ?? '0.0.0.0',
    dataDir,
    jobPageStoreDir:
      jobPageStoreDir === 'off' ? null : path.resolve(jobPageStoreDir || path.join(dataDir, 'job-pages')),
    databaseUrl,
    meiliUrl,
    meiliUrls: Object.freeze(meiliUrls),
    meiliReplicaMaxBacklog,
    searchCacheMs,
    searchPageCacheMs,
    searchCacheEntries,
    meiliMasterKey,
    meiliBin: value('MEILI_BIN'),
    meiliIndex,
    jwtSecret,
    siteName: value('SITE_NAME') ?? 'Jobbportalen',
    contactEmail,
    publicUrl,
    adminEmail: adminEmail?.toLowerCase(),
    adminPassword,
    logLevel,
    embeddedIndexer: embeddedIndexer ?? true,
    feedUrl,
    feedApiVersion: feedApiVersion as FeedApiVersion,
    feedApiKey: value('FEED_API_KEY'),
    feedRequestIntervalMs,
    feedAutoImport: feedAutoImport ?? false,
    trustProxy: trustProxy ?? false,
    rateLimits: Object.freeze(rateLimits),
    match,
    mail,
    alerts,
    retention,
    ...metrics,
  });
}
