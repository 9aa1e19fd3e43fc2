import { Type, type Static } from 'typebox';

/** One run of the import, as GET /api/admin/import-log lists them (newest first). */
export const ImportLogEntry = Type.Object({
  _id: Type.String(),
  date: Type.String({ format: 'date-time' }),
  imported: Type.Integer(),
  vacancies: Type.Integer(),
  removed: Type.Integer(),
  source: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type ImportLogEntry = Static<typeof ImportLogEntry>;

/** GET /api/admin/job-stats: each figure under both of the names the spec uses. */
export const AdminJobStats = Type.Object({
  totalAds: Type.Integer(),
  count: Type.Integer(),
  totalVacancies: Type.Integer(),
  vacancies: Type.Integer(),
});
export type AdminJobStats = Static<typeof AdminJobStats>;

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** The long tasks an admin can start; the status reports their progress. */
export const LongTask = Type.Union([Type.Literal('snapshot'), Type.Literal('reindex')]);
export type LongTask = Static<typeof LongTask>;

export const StreamProgress = Type.Object({
  task: LongTask,
  processed: Type.Integer(),
  total: Type.Union([Type.Integer(), Type.Null()]),
});
export type StreamProgress = Static<typeof StreamProgress>;

/** GET /api/admin/jobstream/status. */
export const StreamStatus = Type.Object({
  running: Type.Boolean(),
  since: Timestamp,
  lastEventAt: Timestamp,
  lastCursor: Timestamp,
  lastSnapshotAt: Timestamp,
  /** Set while a snapshot or reindex runs. */
  progress: Type.Union([StreamProgress, Type.Null()]),
  /** Admin commands queued but not yet picked up by the indexer. */
  pendingCommands: Type.Integer(),
  /** Changes written to Postgres but not yet in the search index. */
  pendingIndexing: Type.Integer(),
});
export type StreamStatus = Static<typeof StreamStatus>;

/** 202 to POST /api/admin/jobstream/{start,stop,snapshot,reindex}: the Swedish confirmation. */
export const CommandAccepted = Type.Object({ message: Type.String() });
export type CommandAccepted = Static<typeof CommandAccepted>;

export const ImportHistoryDay = Type.Object({
  day: Type.String({ description: 'YYYY-MM-DD (Europe/Stockholm)' }),
  imported: Type.Integer({ description: 'Ads written by imports that day' }),
  liveAds: Type.Integer({ description: 'Ads live at the end of the day' }),
});
export type ImportHistoryDay = Static<typeof ImportHistoryDay>;

/** GET /api/admin/import-history: one entry per day, oldest first. */
export const ImportHistory = Type.Array(ImportHistoryDay);
export type ImportHistory = Static<typeof ImportHistory>;
