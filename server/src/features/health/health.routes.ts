import { Type, type Static } from '@fastify/type-provider-typebox';
import { SearchReplicaStatus } from '@jobbportalen/contracts/api/search-replicas';
import { pingDatabase } from '@jobbportalen/storage';
import { replicaStatuses } from '../../search/replica-reads.js';
import type { FastifyTypedInstance } from '../../types.js';

const CheckResult = Type.Object({
  ok: Type.Boolean(),
  /** Only with ?details=true, for an admin: why the check failed, as the component said it. */
  reason: Type.Optional(Type.String()),
});
type CheckResult = Static<typeof CheckResult>;
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  checks: Type.Object({ database: CheckResult, search: CheckResult }),
  /** Only with ?details=true, for an admin: every Meilisearch replica as the searches see it. */
  replicas: Type.Optional(Type.Array(SearchReplicaStatus)),
});

/**
 * The public answer says ok or not ok per check and nothing more: a reason such as
 * 'Meilisearch exited unexpectedly (code 137)' or a connection error tells a stranger how the
 * portal is built and where it hurts. The reason goes to the log and to an admin's details.
 */
const publicCheck = ({ ok }: CheckResult): CheckResult => ({ ok });

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

export async function healthRoutes(app: FastifyTypedInstance) {
  app.get(
    '/healthz',
    {
      // Probes hit these every few seconds: keep them out of the info log.
      logLevel: 'warn',
      schema: {
        tags: ['drift'],
        summary: 'The process is up (liveness)',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['drift'],
        summary: 'Postgres and Meilisearch are reachable (readiness)',
        description:
          'Ready while the database and at least one search replica answer. Each check says only ok ' +
          'or not; with ?details=true and an admin bearer token it also gives a failed check’s reason ' +
          'and lists each replica’s health, state, lag and document count.',
        querystring: Type.Object({ details: Type.Optional(Type.Literal('true')) }),
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (request, reply) => {
      // Operators' details: replica URLs and errors are not for the public (401/403 otherwise).
      const details = request.query.details === 'true';
      if (details) await app.requireAdmin(request);
      const [database, search] = await Promise.all([
        withTimeout(pingDatabase(app.db), 3000).then(
          (): CheckResult => ({ ok: true }),
          (error: Error): CheckResult => ({ ok: false, reason: error.message }),
        ),
        withTimeout(app.searchEngine.health(), 3000).catch((error: Error): CheckResult => ({
          ok: false,
          reason: error.message,
        })),
      ]);
      const ready = database.ok && search.ok;
      if (!ready)
        request.log.warn(
          { database: database.reason ?? 'ok', search: search.reason ?? 'ok' },
          'readiness: not ready',
        );
      const checks = details
        ? { database, search }
        : { database: publicCheck(database), search: publicCheck(search) };
      const replicas = details
        ? { replicas: await replicaStatuses(app.searchEngine.replicas, app.db, app.config.meiliIndex) }
        : {};
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', checks, ...replicas });
    },
  );
}
