import { Type } from '@fastify/type-provider-typebox';

export const ImportLogEntry = Type.Object({
  _id: Type.String(),
  date: Type.String({ format: 'date-time' }),
  imported: Type.Integer(),
  vacancies: Type.Integer(),
  removed: Type.Integer(),
  source: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const ImportLogQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 7 })),
});

export const AdminJobStats = Type.Object({
  totalAds: Type.Integer(),
  count: Type.Integer(),
  totalVacancies: Type.Integer(),
  vacancies: Type.Integer(),
});

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const StreamStatus = Type.Object({
  running: Type.Boolean(),
  since: Timestamp,
  lastEventAt: Timestamp,
  lastCursor: Timestamp,
  lastSnapshotAt: Timestamp,
  /** Set while a snapshot or reindex runs. */
  progress: Type.Union([
    Type.Object({
      task: Type.Union([Type.Literal('snapshot'), Type.Literal('reindex')]),
      processed: Type.Integer(),
      total: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /** Admin commands queued but not yet picked up by the indexer. */
  pendingCommands: Type.Integer(),
  /** Changes written to Postgres but not yet in the search index. */
  pendingIndexing: Type.Integer(),
});

export const CommandAccepted = Type.Object({ message: Type.String() });
export const CommandRefused = Type.Object({
  code: Type.String(),
  message: Type.String(),
  error: Type.String(),
});

export const HistoryQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })),
});

export const ImportHistory = Type.Array(
  Type.Object({
    day: Type.String({ description: 'YYYY-MM-DD (Europe/Stockholm)' }),
    imported: Type.Integer({ description: 'Ads written by imports that day' }),
    liveAds: Type.Integer({ description: 'Ads live at the end of the day' }),
  }),
);
