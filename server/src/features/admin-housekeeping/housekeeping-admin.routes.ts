import {
  HOUSEKEEPING_KINDS,
  HousekeepingAnswer,
  type HousekeepingKind,
} from '@jobbportalen/contracts/api/housekeeping';
import type { RetentionConfig } from '../../config.js';
import type { FastifyTypedInstance } from '../../types.js';
import { latestHousekeepingRun } from '../../housekeeping/housekeeping-runs.repository.js';

/** The period each kind is deleted after (the same choice housekeeping/retention-housekeeping.ts makes). */
const PERIOD_OF: Record<HousekeepingKind, keyof RetentionConfig> = {
  importLog: 'importLogDays',
  closedAdPayloads: 'closedAdPayloadDays',
  closedAds: 'closedAdDays',
  feedControl: 'feedControlDays',
  alertSent: 'alertSentDays',
  resolvedReports: 'resolvedReportDays',
  mails: 'mailDays',
  mailFiles: 'mailDays',
  housekeepingRuns: 'importLogDays',
};

/** 'Gallring' on Översikt: the last housekeeping run and the periods in force (admin scope). */
export async function housekeepingAdminRoutes(app: FastifyTypedInstance) {
  app.get(
    '/housekeeping',
    {
      schema: {
        tags: ['admin'],
        summary: 'Gallring: senaste körningen och hur länge uppgifterna sparas',
        response: { 200: HousekeepingAnswer },
      },
    },
    async () => {
      const run = await latestHousekeepingRun(app.db);
      return {
        lastRun: run
          ? {
              startedAt: run.startedAt.toISOString(),
              finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
              error: run.error,
            }
          : null,
        kinds: HOUSEKEEPING_KINDS.map((kind) => ({
          kind,
          days: app.config.retention[PERIOD_OF[kind]],
          deleted: run ? (run.deleted[kind] ?? null) : null,
        })),
      };
    },
  );
}
