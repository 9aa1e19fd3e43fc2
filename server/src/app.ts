import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DatabaseHandle, SearchEngine } from '@jobbportalen/storage';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { adReportRoutes, adReportsAdminRoutes } from './features/ad-reports/ad-reports.routes.js';
import { adminScope } from './features/admin-access/admin-access.scope.js';
import { adminImportRoutes } from './features/admin-import/admin-import.routes.js';
import { alertAdminRoutes } from './features/alerts/alerts-admin.routes.js';
import { alertRoutes, savedSearchRoutes } from './features/alerts/alerts.routes.js';
import { analyticsAdminRoutes, analyticsRoutes } from './features/analytics/analytics.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { sessionRoutes } from './features/auth/sessions.routes.js';
import { candidateRoutes } from './features/candidate/candidate.routes.js';
import { candidateFitRoutes } from './candidate-fit/candidate-fit.routes.js';
import { jobsForYouRoutes } from './profile-matching/jobs-for-you.routes.js';
import { profileSearchesPlugin } from './profile-matching/profile-searches.plugin.js';
import { healthRoutes } from './features/health/health.routes.js';
import { searchReplicasAdminRoutes } from './features/health/search-replicas.routes.js';
import { housekeepingAdminRoutes } from './features/admin-housekeeping/housekeeping-admin.routes.js';
import { jobsRoutes } from './features/jobs/jobs.routes.js';
import { matchServicePlugin } from './features/match/match-service.plugin.js';
import { matchRoutes } from './features/match/match.routes.js';
import { candidateProfileRoutes } from './features/candidate-profile/candidate-profile.routes.js';
import { publicConfigRoutes } from './features/public-config/public-config.routes.js';
import { searchProxyRoutes } from './features/search-proxy/search-proxy.routes.js';
import { searchProxyPlugin } from './plugins/search-proxy.js';
import { seoRoutes } from './features/seo/seo.routes.js';
import {
  siteSettingsAdminRoutes,
  siteSettingsPublicRoutes,
} from './features/site-settings/site-settings.routes.js';
import { loggerOptions } from './http/logger-options.js';
import type { PortalMetrics } from './metrics/portal-metrics.js';
import { tooManyAttempts } from './http/too-many-attempts.js';
import { authPlugin } from './plugins/auth.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorHandlerPlugin, errorServerOptions } from './plugins/error-handler.js';
import { usableInputPlugin } from './plugins/usable-input.js';
import { infrastructurePlugin } from './plugins/infrastructure.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApiPlugin } from './plugins/openapi.js';
import { requestTimingPlugin } from './plugins/request-timing.js';
import { questionCachePlugin } from './plugins/question-cache.js';
import { postgresRateLimitStore } from './plugins/rate-limit-store.js';
import { personalDataRoutes, privacyRoutes } from './privacy/privacy.routes.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webAppPlugin } from './plugins/web-app.js';
import { isPageWarming } from './web-pages/job-page-warmer.js';

export interface AppDependencies {
  config: Readonly<Config>;
  database: DatabaseHandle;
  search: SearchEngine;
  /** Folder of the built web app; defaults to web/dist. */
  webRoot?: string;
  /** Fastify logger options; tests pass false. Without them: loggerOptions (every line redacted). */
  logger?: FastifyServerOptions['logger'];
  /** Where the log's lines go instead of stdout (a test reads them). */
  logStream?: DestinationStream;
  /** The process's metrics (shared with an indexer in the same process); default: the app's own. */
  metrics?: PortalMetrics;
}

const defaultWebRoot = new URL('../../web/dist', import.meta.url).pathname;

/** Builds the HTTP app from already-opened infrastructure. Does not listen. */
export async function buildApp(deps: AppDependencies) {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config.logLevel, deps.logStream),
    trustProxy: deps.config.trustProxy,
    // The job page warmer's requests (a page each, every round) would drown the visitors' lines.
    logController: new LogController({ disableRequestLogging: (request) => isPageWarming(request) }),
    bodyLimit: 1024 * 1024,
    // Client-sent ids never become log noise or unbounded memory.
    routerOptions: { maxParamLength: 200 },
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true } },
    ...errorServerOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(requestTimingPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(usableInputPlugin);
  await app.register(infrastructurePlugin, {
    config: deps.config,
    database: deps.database,
    search: deps.search,
  });
  await app.register(metricsPlugin, deps.metrics ? { metrics: deps.metrics } : {});
  await app.register(questionCachePlugin);
  await app.register(searchProxyPlugin);
  await app.register(securityHeadersPlugin);
  // Before every route: it attaches itself to each route as it is added.
  await app.register(compressionPlugin);
  await app.register(rateLimit, {
    global: false,
    // On PostgreSQL several servers may answer: their shared limits are counted in the database.
    // PGlite means one process (the data-dir lock), where the plugin's memory store is exact.
    ...(deps.database.kind === 'postgres' ? { store: postgresRateLimitStore(deps.database.db) } : {}),
    // The plugin throws what this returns; our error handler answers it like any AppError.
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
  });
  await app.register(openApiPlugin);
  await app.register(authPlugin);
  await app.register(matchServicePlugin);
  await app.register(profileSearchesPlugin);

  await app.register(healthRoutes);
  await app.register(publicConfigRoutes, { prefix: '/api' });
  await app.register(searchProxyRoutes, { prefix: '/api/search' });
  await app.register(jobsRoutes, { prefix: '/api/jobs' });
  await app.register(adReportRoutes, { prefix: '/api/jobs' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(sessionRoutes, { prefix: '/api/auth' });
  await app.register(candidateRoutes, { prefix: '/api/candidate' });
  await app.register(candidateProfileRoutes, { prefix: '/api/candidate/profile' });
  await app.register(candidateFitRoutes, { prefix: '/api/candidate' });
  await app.register(personalDataRoutes, { prefix: '/api/candidate' });
  await app.register(jobsForYouRoutes, { prefix: '/api/candidate' });
  await app.register(privacyRoutes, { prefix: '/api' });
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  await app.register(matchRoutes, { prefix: '/api/ai' });
  await app.register(savedSearchRoutes, { prefix: '/api/saved-searches' });
  await app.register(alertRoutes, { prefix: '/api/alerts' });
  // Public exception under /api/admin (the start page reads it); everything else there is guarded.
  await app.register(siteSettingsPublicRoutes, { prefix: '/api/admin' });
  // Admin routes of other features go into this list: see admin-access.scope.ts.
  await app.register(adminScope, {
    prefix: '/api/admin',
    routes: [
      siteSettingsAdminRoutes,
      analyticsAdminRoutes,
      adminImportRoutes,
      alertAdminRoutes,
      adReportsAdminRoutes,
      searchReplicasAdminRoutes,
      housekeepingAdminRoutes,
    ],
  });

  await app.register(webAppPlugin, { root: deps.webRoot ?? defaultWebRoot });
  await app.register(seoRoutes);
  app.addHook('onSend', async (request, reply, payload) => {
    // API answers are personal or change often: never let a shared cache keep them.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
