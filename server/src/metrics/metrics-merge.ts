import { AggregatorRegistry, type Registry } from 'prom-client';

/** One family as prom-client's getMetricsAsJSON gives it (what AggregatorRegistry.aggregate takes). */
interface MetricJson {
  name: string;
  help: string;
  type: string;
  aggregator: string;
  values: { value: number; labels: Record<string, string | number>; metricName?: string }[];
}

/** How long the server waits for the indexer's figures before it answers with its own. */
const INDEXER_TIMEOUT_MS = 2000;

/**
 * The indexer's figures (its METRICS_PORT, as JSON), or null when it does not answer. The
 * server asks on every scrape of its own /metrics: nothing is kept, so a figure is never older
 * than the scrape.
 */
export async function fetchIndexerMetrics(url: string, token: string): Promise<MetricJson[] | null> {
  try {
    const response = await fetch(new URL('/metrics', url), {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(INDEXER_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return Array.isArray(body) ? (body as MetricJson[]) : null;
  } catch {
    return null;
  }
}

/**
 * One exposition of this process's registry and the indexer's figures. Every series carries its
 * process's `role` label, so same-named families (both count alert runs and mails) merge into one
 * family with the two processes' series side by side, never summed into one another.
 * `jobbportalen_indexer_metrics_up` says whether the indexer answered.
 */
export async function mergeWithIndexer(own: Registry, indexer: MetricJson[] | null): Promise<string> {
  const up: MetricJson = {
    name: 'jobbportalen_indexer_metrics_up',
    help: 'Whether the indexer’s metrics (INDEXER_METRICS_URL) answered this scrape',
    type: 'gauge',
    aggregator: 'first',
    values: [{ value: indexer ? 1 : 0, labels: {} }],
  };
  const ownJson = (await own.getMetricsAsJSON()) as unknown as MetricJson[];
  return AggregatorRegistry.aggregate([ownJson, indexer ?? [], [up]]).metrics();
}
