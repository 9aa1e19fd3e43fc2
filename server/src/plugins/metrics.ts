import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { carriesMetricsToken } from '../metrics/metrics-access.js';
import { fetchIndexerMetrics, mergeWithIndexer } from '../metrics/metrics-merge.js';
import { createPortalMetrics, type PortalMetrics } from '../metrics/portal-metrics.js';
import { unauthorized } from '../errors.js';
import { isPageWarming } from '../web-pages/job-page-warmer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics (shared with the indexer when it runs in this process). */
    metrics: PortalMetrics;
  }
}

export interface MetricsPluginOptions {
  /** The process's metrics; without them (tests), the app gets its own. */
  metrics?: PortalMetrics;
}

/**
 * Per-route request counts and times, the search router's replica reads, and `GET /metrics`.
 *
 * /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN it
 * does not exist (the app's ordinary 404). With INDEXER_METRICS_URL (the indexer in a process
 * of its own), the server also fetches the indexer's figures and serves both as one exposition:
 * one scrape target shows the whole portal, as `npm start` (one process, one registry) does.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsPluginOptions) => {
  const metrics = options.metrics ?? createPortalMetrics('server');
  app.decorate('metrics', metrics);
  app.searchEngine.reads.observe(metrics.searchReads);
  app.addHook('onClose', async () => app.searchEngine.reads.observe(undefined));

  app.addHook('onResponse', async (request, reply) => {
    // The job page warmer's requests are counted by its own figures, not as visitors'.
    if (isPageWarming(request)) return;
    // The route's pattern (/api/jobs/:id), never the URL: ids and queries would make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, (performance.now() - request.receivedAt) / 1000);
  });

  const { metricsToken, indexerMetricsUrl } = app.config;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsToken) return reply.callNotFound();
    if (!carriesMetricsToken(request.headers.authorization, metricsToken))
      throw unauthorized('Fel eller saknad token för mätvärden.');
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    if (!indexerMetricsUrl) return metrics.registry.metrics();
    const indexer = await fetchIndexerMetrics(indexerMetricsUrl, metricsToken);
    try {
      return await mergeWithIndexer(metrics.registry, indexer);
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: the indexer’s figures could not be merged');
      return mergeWithIndexer(metrics.registry, null);
    }
  });
});
