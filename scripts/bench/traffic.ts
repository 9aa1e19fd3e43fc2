// `npm run bench:traffic`: a job board's real traffic — 10,000 distinct questions drawn
// Zipf-distributed (s ≈ 1.1) over 50,000 simulator ads, half the browser's way (multi-search
// through our proxy) and half /api/jobs — asked of Meilisearch directly and of our server, the
// same stream, 64 connections for 30 s each — on the embedded default's PGlite (our server started
// as `npm start` starts it, indexer in-process) and on PostgreSQL (while the feed keeps changing
// ads and the indexer delivers them: every delivered change moves the question cache's
// generation). Both sides are printed from one run per database, and with both databases, all of
// them together at the end. On PGlite the server's process holds the data dir, so the bench's
// feed cannot write to it: that run has no feed, and says so.
//   --ads 50000  --seconds 30  --connections 64  --questions 10000  --zipf 1.1
//   --db pglite|postgres|both (default both: PGlite first)
//   --feed-interval 5000 (ms between feed rounds)  --feed-changes 100 (ads per round; PostgreSQL)
//   --via proxy|api (every question the one way; default: each its own way, half and half)
//   --postgres postgres://postgres@127.0.0.1:5432/postgres (a scratch database is made there)
import { parseArgs } from 'node:util';
import { runLoad, type LoadResult } from './lib/load.js';
import { questionStream } from './lib/traffic-questions.js';
import { startTrafficWorld, type WorldDatabase } from './lib/traffic-world.js';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '50000' },
    seconds: { type: 'string', default: '30' },
    connections: { type: 'string', default: '64' },
    questions: { type: 'string', default: '10000' },
    zipf: { type: 'string', default: '1.1' },
    via: { type: 'string' },
    db: { type: 'string', default: 'both' },
    'feed-interval': { type: 'string', default: '5000' },
    'feed-changes': { type: 'string', default: '100' },
    postgres: {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const load = { seconds: Number(args.seconds), connections: Number(args.connections) };

const row = (name: string, result: LoadResult) =>
  `${name.padEnd(34)}${result.perSecond.toFixed(0).padStart(8)}${result.p50.toFixed(1).padStart(9)}${result.p95.toFixed(1).padStart(9)}${result.p99.toFixed(1).padStart(9)}${String(result.failed).padStart(8)}`;

const header = `${'side'.padEnd(34)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'failed'.padStart(8)}`;

const LABEL: Record<WorldDatabase['kind'], string> = {
  pglite: 'PGlite (embedded default)',
  postgres: 'PostgreSQL',
};

function databases(flag: string | undefined): WorldDatabase[] {
  const pglite: WorldDatabase = { kind: 'pglite' };
  const postgres: WorldDatabase = { kind: 'postgres', url: args.postgres };
  if (flag === 'both') return [pglite, postgres];
  if (flag === 'pglite') return [pglite];
  if (flag === 'postgres') return [postgres];
  throw new Error(`--db must be pglite, postgres or both, not "${flag}"`);
}

/** One database's run: both sides, and what they are compared on. */
interface Outcome {
  direct: LoadResult;
  ours: LoadResult;
  /** How the index changed meanwhile, in words. */
  feed: string;
}

/** Both sides' rows and the target's verdict. */
function printComparison(outcome: Outcome) {
  console.log(header);
  console.log(row('Meilisearch direct', outcome.direct));
  console.log(row('ours (proxy + /api/jobs, cached)', outcome.ours));
  const ratio = outcome.ours.perSecond / outcome.direct.perSecond;
  console.log(
    `throughput ours / direct = ${ratio.toFixed(2)} (target ≥ 2: ${ratio >= 2 ? 'met' : 'not met'}); p95 ours ${outcome.ours.p95.toFixed(1)} ms vs direct ${outcome.direct.p95.toFixed(1)} ms (target ≤: ${outcome.ours.p95 <= outcome.direct.p95 ? 'met' : 'not met'})`,
  );
}

async function runOn(database: WorldDatabase): Promise<Outcome> {
  console.log(`
== ${LABEL[database.kind]} ==`);
  const world = await startTrafficWorld({
    ads: Number(args.ads),
    replicas: 1,
    database,
    log: console.log,
  });
  try {
    const via = args.via === 'proxy' || args.via === 'api' ? args.via : undefined;
    const stream = questionStream({
      distinct: Number(args.questions),
      s: Number(args.zipf),
      length: 400_000,
      ...(via ? { via } : {}),
    });
    console.log(
      `question stream: ${args.questions} distinct, Zipf s=${args.zipf}; ${stream.distinctAsked} of them appear in 400,000 draws`,
    );
    const server = await world.startServer();
    const direct = stream.direct(world.apiKey);
    const ours = stream.ours();
    // PGlite's data dir is the server's now: no feed can write beside it.
    const feed =
      database.kind === 'postgres'
        ? world.startFeed(Number(args['feed-interval']), Number(args['feed-changes']))
        : undefined;
    // Warm-ups (connections, JIT), then each side measured on the same stream from its start.
    await runLoad(world.replicas[0]!.url, direct.slice(200_000), { ...load, seconds: 3 });
    const directResult = await runLoad(world.replicas[0]!.url, direct, load);
    console.log(row('Meilisearch direct', directResult));
    await runLoad(server.url, ours.slice(200_000), { ...load, seconds: 3 });
    const oursResult = await runLoad(server.url, ours, load);
    console.log(row('ours (proxy + /api/jobs, cached)', oursResult));
    await feed?.stop();
    await server.stop();

    const outcome: Outcome = {
      direct: directResult,
      ours: oursResult,
      feed: feed
        ? `feed: ${args['feed-changes']} ads changed every ${args['feed-interval']} ms (${feed.rounds()} rounds delivered)`
        : 'no feed (the server holds the PGlite data dir): the index did not change',
    };
    console.log(
      `\n${LABEL[database.kind]}: ${Number(args.ads)} ads, ${load.connections} connections, ${load.seconds} s each; ${outcome.feed}`,
    );
    printComparison(outcome);
    return outcome;
  } finally {
    await world.close();
  }
}

async function main() {
  const outcomes: [WorldDatabase, Outcome][] = [];
  for (const database of databases(args.db)) outcomes.push([database, await runOn(database)]);
  if (outcomes.length < 2) return;
  console.log(
    `\nAll databases of this run: ${Number(args.ads)} ads, ${load.connections} connections, ${load.seconds} s each side`,
  );
  for (const [database, outcome] of outcomes) {
    console.log(`\n${LABEL[database.kind]}: ${outcome.feed}`);
    printComparison(outcome);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
await main();
process.exit(0);
