import { Type } from '@fastify/type-provider-typebox';
import type { FastifyTypedInstance } from '../../types.js';
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
import {
  COMMAND_MESSAGES,
  importHistory,
  importLog,
  jobStats,
  queueImportCommand,
  streamStatus,
} from './admin-import.service.js';

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
    async (request) => importLog(app.db, request.query.limit ?? 7),
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
    async () => jobStats(app.db),
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
    async () => streamStatus(app.db),
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
        const message = await queueImportCommand(app.db, command, request.user?.id ?? null);
        return reply.status(202).send({ message });
      },
    );
  }
}
