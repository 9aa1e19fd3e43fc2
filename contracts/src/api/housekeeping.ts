import { Type, type Static } from 'typebox';

/**
 * What the indexer's retention housekeeping deletes, one kind per table (or folder), in the order
 * Översikt lists them. The keys are the ones each run records in housekeeping_runs.deleted.
 */
export const HOUSEKEEPING_KINDS = [
  'importLog',
  'closedAdPayloads',
  'closedAds',
  'feedControl',
  'alertSent',
  'resolvedReports',
  'mails',
  'mailFiles',
  'housekeepingRuns',
] as const;
export type HousekeepingKind = (typeof HOUSEKEEPING_KINDS)[number];

export const HousekeepingKindStatus = Type.Object({
  kind: Type.Unsafe<HousekeepingKind>(Type.Union(HOUSEKEEPING_KINDS.map((kind) => Type.Literal(kind)))),
  days: Type.Integer({ description: 'Days kept before deletion (the RETENTION_*_DAYS in force)' }),
  deleted: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'Rows (files for mailFiles; payloads emptied for closedAdPayloads) the last run deleted; null: no run yet',
  }),
});
export type HousekeepingKindStatus = Static<typeof HousekeepingKindStatus>;

/** GET /api/admin/housekeeping: the last run and, per kind, its period and what that run deleted. */
export const HousekeepingAnswer = Type.Object({
  lastRun: Type.Union([
    Type.Object({
      startedAt: Type.String({ format: 'date-time' }),
      finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'null: still running (or the process died during it)',
      }),
      error: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  kinds: Type.Array(HousekeepingKindStatus),
});
export type HousekeepingAnswer = Static<typeof HousekeepingAnswer>;
