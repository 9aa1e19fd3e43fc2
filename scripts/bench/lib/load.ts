import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

/** The p-th percentile (nearest rank) of `values`, in any order; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Runs autocannon against `origin` for `seconds`, cycling through `requests` (so Meilisearch
 * answers different queries), and measures p50/p95/p99 from every response's own latency
 * (autocannon's summary has no p95).
 */
export async function runLoad(
  origin: string,
  requests: LoadRequest[],
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  let next = 0;
  const latencies: number[] = [];
  let failed = 0;
  const instance = autocannon({
    url: origin,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = requests[next++ % requests.length]!;
          return { ...request, ...chosen, headers: { ...request.headers, ...chosen.headers } };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status !== 200) failed++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failed: failed + result.errors + result.timeouts,
  };
}
