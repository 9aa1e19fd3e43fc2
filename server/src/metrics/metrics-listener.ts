import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { carriesMetricsToken } from './metrics-access.js';
import type { PortalMetrics } from './portal-metrics.js';

export interface MetricsListener {
  /** The port it listens on (METRICS_PORT, or the one picked for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * `npm run indexer`'s own /metrics (the process has no HTTP server otherwise): the same token
 * as the servers' /metrics. `Accept: application/json` gives prom-client's JSON, which a server
 * with INDEXER_METRICS_URL merges into its own /metrics (metrics-merge.ts). Everything else is 404.
 */
export async function startMetricsListener(
  metrics: PortalMetrics,
  options: { port: number; host: string; token: string },
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://indexer').pathname;
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (!carriesMetricsToken(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'application/json; charset=utf-8' });
      response.end(
        JSON.stringify({ code: 'UNAUTHORIZED', message: 'Fel eller saknad token för mätvärden.' }),
      );
      return;
    }
    const json = /application\/json/.test(request.headers.accept ?? '');
    const body = json
      ? metrics.registry.getMetricsAsJSON().then((values) => JSON.stringify(values))
      : metrics.registry.metrics();
    body.then(
      (text) => {
        response.writeHead(200, {
          'content-type': json ? 'application/json; charset=utf-8' : metrics.registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(text);
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
