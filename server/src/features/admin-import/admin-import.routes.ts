import { Type } from '@fastify/type-provider-typebox';
import type { FeedCommand } from '@jobbportalen/storage';
import { longTaskBusy, queueFeedCommand } from '@jobbportalen/indexer/sync/feed-commands';
import { readFeedState } from '@jobbportalen/indexer/sync/feed-state';
import { conflict } from '../../errors.js';
import type { FastifyTypedInstance } from '../../types.js';
import { importHistory, latestImportLog, liveJobStats, pendingCounts } from './admin-import.repository.js';
import {
  AdminJobStats,
  CommandAccepted,
  CommandRefused,
  HistoryQuery,
  ImportHistory,
  ImportLogEntry,
  ImportLogQuery,
  StreamStatus,
} from './admin-import.schemas.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const COMMAND_MESSAGES: Record<FeedCommand, string> = {
  start: 'Importen har startats.',
  stop: 'Importen har stoppats.',
  snapshot: 'En fullständig import (snapshot) har startats.',
  reindex: 'Omindexeringen har startats. Sökningen fungerar som vanligt under tiden.',
};

const BUSY_MESSAGES: Record<'snapshot' | 'reindex', string> = {
  snapshot: 'En fullständig import pågår redan. Vänta tills den är klar.',
  reindex: 'En omindexering pågår redan. Vänta tills den är klar.',
};

/**
 * The admin's view of the import (registered inside the admin scope: every route needs an admin
 * token). Commands are queued for the indexer, which runs in this process or its own.
 */
export async function adminImportRoutes(app: FastifyTypedInstance) {
  app.get(
    '/import-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Importloggen, nyaste först',
        querystring: ImportLogQuery,
        response: { 200: Type.Array(ImportLogEntry) },
      },
    },
    async (request) => {
      const rows = await latestImportLog(app.db, request.query.limit ?? 7);
      return rows.map((row) => ({
        _id: String(row.id),
        date: row.date.toISOString(),
        imported: row.imported,
        vacancies: row.vacancies,
        removed: row.removed,
        source: row.source,
        error: row.error,
      }));
    },
  );

  app.get(
    '/job-stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Antal aktuella annonser och tjänster',
        response: { 200: AdminJobStats },
      },
    },
    async () => {
      const stats = await liveJobStats(app.db);
      return {
        totalAds: stats.ads,
        count: stats.ads,
        totalVacancies: stats.vacancies,
        vacancies: stats.vacancies,
      };
    },
  );

  app.get(
    '/import-history',
    {
      schema: {
        tags: ['admin'],
        summary: 'Importerade och aktuella annonser per dag',
        querystring: HistoryQuery,
        response: { 200: ImportHistory },
      },
    },
    async (request) => importHistory(app.db, request.query.days ?? 30),
  );

  app.get(
    '/jobstream/status',
    { schema: { tags: ['admin'], summary: 'Importströmmens status', response: { 200: StreamStatus } } },
    async () => {
      const [state, pending] = await Promise.all([readFeedState(app.db), pendingCounts(app.db)]);
      const task: 'snapshot' | 'reindex' | null =
        state.progressTask === 'snapshot' || state.progressTask === 'reindex' ? state.progressTask : null;
      return {
        running: state.running,
        since: iso(state.since),
        lastEventAt: iso(state.lastEventAt),
        lastCursor: iso(state.lastCursor),
        lastSnapshotAt: iso(state.lastSnapshotAt),
        progress: task ? { task, processed: state.progressProcessed ?? 0, total: state.progressTotal } : null,
        pendingCommands: pending.commands,
        pendingIndexing: pending.outbox,
      };
    },
  );

  for (const command of ['start', 'stop', 'snapshot', 'reindex'] as const) {
    app.post(
      `/jobstream/${command}`,
      {
        schema: {
          tags: ['admin'],
          summary: COMMAND_MESSAGES[command],
          response: { 202: CommandAccepted, 409: CommandRefused },
        },
      },
      async (request, reply) => {
        if ((command === 'snapshot' || command === 'reindex') && (await longTaskBusy(app.db, command))) {
          throw conflict(BUSY_MESSAGES[command]);
        }
        await queueFeedCommand(app.db, command, request.user?.id ?? null);
        app.indexer?.wake();
        return reply.status(202).send({ message: COMMAND_MESSAGES[command] });
      },
    );
  }
}
