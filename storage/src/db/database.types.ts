import type { AdReportReason, JobFacts, JobIndexedFacts } from '@jobbportalen/contracts';
import type { SavedProfile } from '@jobbportalen/contracts/api/candidate-profile';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types as Kysely sees them (camelCase; the CamelCasePlugin maps to snake_case columns).
 * Timestamps are `timestamptz` and come back as Date objects.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
/** Stored as JSON text. */
type JobSkillColumn = 'mustHaveSkills' | 'niceToHaveSkills';
/** Ad facts with a column default: JSON label lists and the rolling-selection flag. */
type JobDefaultedFact = 'mustHaveLanguages' | 'drivingLicences' | 'rollingSelection';
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export type UserRole = 'candidate' | 'admin';

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  passwordHash: string;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  createdAt: CreatedAt;
  /** Alerts go to an account's address only once it is verified. */
  emailVerifiedAt: NullableTimestamp;
  /** Bumped when the password changes: tokens carrying an older version are refused. */
  tokenVersion: ColumnType<number, number | undefined, number>;
}

export interface SavedJobsTable {
  userId: string;
  jobId: string;
  savedAt: CreatedAt;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
  updatedAt: Timestamp;
}

/**
 * One ad from the feed, normalised. Postgres is the source of truth; Meilisearch is derived. The
 * columns the public Job and the search document share come from contracts (JobFacts,
 * JobIndexedFacts); the rest is what only the store keeps. The indexer's NormalizedJob is this
 * row without the bookkeeping columns.
 */
export interface JobsTable extends Omit<JobFacts, JobDefaultedFact>, Omit<JobIndexedFacts, JobSkillColumn> {
  /** The feed's ad id as a string. */
  id: string;
  municipalityCode: string | null;
  /** Application deadline. */
  lastDate: NullableTimestamp;
  descriptionHtml: string;
  descriptionText: string;
  lat: number | null;
  lng: number | null;
  publishedAt: NullableTimestamp;
  /** last_publication_date: the ad leaves the portal then even if no removal event comes. */
  expiresAt: NullableTimestamp;
  /** The record's `timestamp`: when the feed last changed the ad. */
  sourceUpdatedAt: NullableTimestamp;
  mustHaveSkills: Json<JobIndexedFacts['mustHaveSkills']>;
  niceToHaveSkills: Json<JobIndexedFacts['niceToHaveSkills']>;
  mustHaveLanguages: JsonWithDefault<JobFacts['mustHaveLanguages']>;
  drivingLicences: JsonWithDefault<JobFacts['drivingLicences']>;
  rollingSelection: ColumnType<boolean, boolean | undefined, boolean>;
  /** The feed payload with personal data removed. */
  raw: Json<Record<string, unknown>>;
  firstSeenAt: CreatedAt;
  /** When the feed last delivered the ad, changed or not ('Senast bekräftad av Arbetsförmedlingen'). */
  lastConfirmedAt: NullableTimestamp;
  updatedAt: Timestamp;
  removedAt: NullableTimestamp;
}

/** Columns the store keeps about a row rather than about the ad. */
export type JobBookkeepingColumn = 'firstSeenAt' | 'lastConfirmedAt' | 'updatedAt' | 'removedAt';

/**
 * Jobs whose search document is out of date. A row is written in the same transaction as the
 * change to `jobs`, and deleted only after Meilisearch has confirmed the batch, so an outage of
 * the search engine loses nothing (at-least-once).
 */
export interface SearchOutboxTable {
  jobId: string;
  enqueuedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  version: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  /** The position the indexer stamped (bigint: a string); null until stamped. */
  seq: ColumnType<string | null, never, string | null>;
  /** The version the position was stamped for: behind `version` when re-enqueued since. */
  stampedVersion: ColumnType<number | null, never, number | null>;
}

/** One Meilisearch replica's confirmed outbox position (see migration 0007). */
export interface SearchReplicasTable {
  replicaId: string;
  indexUid: string;
  confirmedSeq: ColumnType<string, string | number | undefined, string | number>;
  state: ColumnType<'filling' | 'live' | 'rebuild', 'filling' | 'live' | 'rebuild' | undefined>;
  lastError: string | null;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ImportLogTable {
  id: Generated<string>;
  date: CreatedAt;
  source: string;
  imported: number;
  vacancies: number;
  removed: ColumnType<number, number | undefined, number>;
  error: string | null;
}

/** Single-row table: where the feed sync stands. */
export interface FeedStateTable {
  id: ColumnType<number, number | undefined, never>;
  running: boolean;
  since: NullableTimestamp;
  lastEventAt: NullableTimestamp;
  lastCursor: NullableTimestamp;
  lastSnapshotAt: NullableTimestamp;
  progressTask: string | null;
  progressProcessed: number | null;
  progressTotal: number | null;
  updatedAt: Timestamp;
}

export type FeedCommand = 'start' | 'stop' | 'snapshot' | 'reindex';

/** Admin commands for the indexer, delivered across processes (row + NOTIFY). */
export interface FeedControlTable {
  id: Generated<string>;
  command: FeedCommand;
  requestedBy: string | null;
  requestedAt: CreatedAt;
  startedAt: NullableTimestamp;
  finishedAt: NullableTimestamp;
  error: string | null;
}

export interface PageViewsTable {
  day: string;
  path: string;
  views: number;
}

export interface RateLimitCountersTable {
  key: string;
  count: number;
  windowEnds: Date;
}

export type AlertFrequency = 'off' | 'instant' | 'daily' | 'weekly';

/** A saved search: an account's (userId) or a visitor's alert by address alone (email). */
export interface SavedSearchesTable {
  id: Generated<string>;
  userId: string | null;
  email: string | null;
  name: string;
  /** /api/jobs's parameters, canonical, without page and page size (a repeated one as a list). */
  query: Json<Record<string, string | number | boolean | readonly string[]>>;
  /** serializeJobQuery of the query: equal searches have equal keys. */
  queryKey: string;
  alert: AlertFrequency;
  /** Null for a visitor until the confirmation link is opened: nothing is sent before. */
  confirmedAt: NullableTimestamp;
  createdAt: CreatedAt;
  lastOpenedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lastEngagedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  reminderSentAt: NullableTimestamp;
  /** Watermark: ads first seen up to here have been considered by an alert run. */
  checkedUntil: NullableTimestamp;
  lastMailedAt: NullableTimestamp;
}

/** The sent set: which ads one alert mail (subscription, period) reported. */
export interface AlertMailsTable {
  savedSearchId: string;
  period: string;
  jobIds: string[];
  createdAt: CreatedAt;
}

export type MailStatus = 'queued' | 'sent' | 'failed';

/** Mail waiting for, or done with, delivery (at-least-once, one row per idempotency key). */
export interface MailOutboxTable {
  id: Generated<string>;
  idempotencyKey: string;
  kind: string;
  recipient: string;
  payload: Json<Record<string, unknown>>;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lastError: string | null;
  createdAt: CreatedAt;
  sentAt: NullableTimestamp;
}

/** 'Anmäl annons': one visitor's report of an ad, open until an admin hides the ad or dismisses it. */
export interface AdReportsTable {
  id: Generated<string>;
  jobId: string;
  reason: AdReportReason;
  message: string | null;
  /** A keyed hash of the reporter's address (never the address): one reporter counts once. */
  reporterKey: string;
  userId: string | null;
  createdAt: CreatedAt;
  resolvedAt: NullableTimestamp;
  resolution: 'hidden' | 'dismissed' | null;
  resolvedBy: string | null;
}

/** Ads an admin has hidden: not live whatever the feed says, until shown again. */
export interface HiddenJobsTable {
  jobId: string;
  hiddenAt: CreatedAt;
  hiddenBy: string | null;
  reason: string | null;
}

/** One run of the indexer's retention housekeeping: what it deleted, per kind. */
export interface HousekeepingRunsTable {
  id: Generated<string>;
  startedAt: Timestamp;
  finishedAt: NullableTimestamp;
  /** Rows (or files) deleted per kind; jsonb, written as JSON text. */
  deleted: ColumnType<Record<string, number>, string | undefined, string>;
  error: string | null;
}

/** A seeker's 'Min profil': one row per account (issue #29). */
export interface CandidateProfilesTable {
  userId: string;
  /** SavedProfile as JSON; jsonb, written as JSON text. */
  profile: Json<SavedProfile>;
  /** The CV file, only when its owner chose to keep it. */
  cvFile: Buffer | null;
  cvFileName: string | null;
  cvSavedAt: NullableTimestamp;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface Database {
  users: UsersTable;
  savedJobs: SavedJobsTable;
  siteSettings: SiteSettingsTable;
  jobs: JobsTable;
  searchOutbox: SearchOutboxTable;
  searchReplicas: SearchReplicasTable;
  importLog: ImportLogTable;
  feedState: FeedStateTable;
  feedControl: FeedControlTable;
  pageViews: PageViewsTable;
  rateLimitCounters: RateLimitCountersTable;
  savedSearches: SavedSearchesTable;
  alertMails: AlertMailsTable;
  mailOutbox: MailOutboxTable;
  adReports: AdReportsTable;
  hiddenJobs: HiddenJobsTable;
  housekeepingRuns: HousekeepingRunsTable;
  candidateProfiles: CandidateProfilesTable;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type ImportLogRow = Selectable<ImportLogTable>;
export type FeedStateRow = Selectable<FeedStateTable>;
export type FeedControlRow = Selectable<FeedControlTable>;
