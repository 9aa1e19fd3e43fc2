import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types as Kysely sees them (camelCase; the CamelCasePlugin maps to snake_case columns).
 * Timestamps are `timestamptz` and come back as Date objects.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type UserRole = 'candidate' | 'admin';

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  passwordHash: string;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  createdAt: CreatedAt;
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

/** One ad from the feed, normalised. Postgres is the source of truth; Meilisearch is derived. */
export interface JobsTable {
  id: string;
  title: string;
  company: string | null;
  location: string | null;
  municipality: string | null;
  municipalityCode: string | null;
  region: string | null;
  category: string | null;
  mainCategory: string | null;
  occupation: string | null;
  occupationId: string | null;
  occupationGroup: string | null;
  occupationGroupId: string | null;
  occupationField: string | null;
  occupationFieldId: string | null;
  extent: string | null;
  form: string | null;
  lastDate: NullableTimestamp;
  applicationUrl: string | null;
  descriptionHtml: string;
  descriptionText: string;
  vacancies: number;
  remote: boolean;
  lat: number | null;
  lng: number | null;
  publishedAt: NullableTimestamp;
  expiresAt: NullableTimestamp;
  sourceUpdatedAt: NullableTimestamp;
  mustHaveSkills: Json<string[]>;
  niceToHaveSkills: Json<string[]>;
  raw: Json<Record<string, unknown>>;
  firstSeenAt: CreatedAt;
  updatedAt: Timestamp;
  removedAt: NullableTimestamp;
}

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

export interface Database {
  users: UsersTable;
  savedJobs: SavedJobsTable;
  siteSettings: SiteSettingsTable;
  jobs: JobsTable;
  searchOutbox: SearchOutboxTable;
  importLog: ImportLogTable;
  feedState: FeedStateTable;
  feedControl: FeedControlTable;
  pageViews: PageViewsTable;
  rateLimitCounters: RateLimitCountersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
export type ImportLogRow = Selectable<ImportLogTable>;
export type FeedStateRow = Selectable<FeedStateTable>;
export type FeedControlRow = Selectable<FeedControlTable>;
