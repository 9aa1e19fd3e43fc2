import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPortalMetrics } from './portal-metrics.js';

const ops = fileURLToPath(new URL('../../../ops/', import.meta.url));

/** promtool comes with Debian's `prometheus` package (.ci/run installs it): no promtool, no pass. */
function promtool(args: string[], cwd: string): string {
  try {
    return execFileSync('promtool', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failure = error as { code?: string; stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error('promtool is missing: apt-get install prometheus');
    throw new Error(`promtool ${args.join(' ')} failed:\n${failure.stdout ?? ''}${failure.stderr ?? ''}`);
  }
}

/** Every family the portal's processes can report, with each kind of source watched. */
function familyNames(): Set<string> {
  const metrics = createPortalMetrics('portal');
  metrics.watch({
    // Registers the database's gauges; nothing is read until a scrape, and this test never scrapes.
    database: { db: {} as Kysely<Database>, indexUid: 'jobs', replicaIds: [] },
    generation: async () => null,
    cvReaders: () => ({ busy: 0, reservedBytes: 0 }),
  });
  return new Set(metrics.registry.getMetricsAsArray().map((metric) => metric.name));
}

/** The portal's metric names an expression uses; a histogram's series by their family's name. */
function namesIn(expression: string): string[] {
  // Both histograms measure seconds: their series are <family>_bucket, _sum and _count.
  return [...expression.matchAll(/jobbportalen_[a-z_]+/g)].map(([name]) =>
    name.replace(/_seconds_(bucket|sum|count)$/, '_seconds'),
  );
}

describe('the monitoring files in ops/', () => {
  it('has alert rules Prometheus accepts, that fire on the figures they are for', () => {
    expect(promtool(['check', 'rules', 'alert-rules.yml'], ops)).toContain('SUCCESS: 8 rules found');
    expect(promtool(['test', 'rules', 'alert-rules.test.yml'], ops)).toContain('SUCCESS');
  });

  it('has a Prometheus configuration Prometheus accepts', () => {
    // The token file its entrypoint writes in the container, here a file of the test's own.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-prometheus-'));
    try {
      const tokenFile = path.join(dir, 'metrics-token');
      fs.writeFileSync(tokenFile, 'token');
      const config = fs.readFileSync(path.join(ops, 'prometheus.yml'), 'utf8');
      expect(config).toContain('/tmp/metrics-token');
      fs.writeFileSync(path.join(dir, 'prometheus.yml'), config.split('/tmp/metrics-token').join(tokenFile));
      fs.copyFileSync(path.join(ops, 'alert-rules.yml'), path.join(dir, 'alert-rules.yml'));
      expect(promtool(['check', 'config', 'prometheus.yml'], dir)).toContain('SUCCESS');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names only metrics the portal reports, in the rules and on the dashboard', () => {
    const known = familyNames();
    const rules = fs.readFileSync(path.join(ops, 'alert-rules.yml'), 'utf8');
    const dashboard = JSON.parse(
      fs.readFileSync(path.join(ops, 'grafana/dashboards/jobbportalen.json'), 'utf8'),
    ) as { panels: { type: string; targets?: { expr: string }[] }[] };
    const expressions = [
      rules,
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
    ];
    const used = new Set(expressions.flatMap(namesIn));
    expect(used.size).toBeGreaterThan(15);
    expect([...used].filter((name) => !known.has(name))).toEqual([]);
    // And the dashboard shows every family the portal reports but Node's own.
    const shown = [...known].filter(
      (name) => !name.startsWith('jobbportalen_nodejs_') && !name.startsWith('jobbportalen_process_'),
    );
    expect(shown.filter((name) => !used.has(name))).toEqual([]);
  });
});
