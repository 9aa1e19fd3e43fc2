// `npm run bench:failover`: two Meilisearch replicas fed from PostgreSQL, our server in front of
// both, the Zipf question stream of bench:traffic through the proxy and /api/jobs, and the feed
// changing ads throughout. One replica is killed (SIGKILL) and started again `--down` seconds
// later on the same port and data dir. Prints the failed searches (target 0), latency before,
// right after and during the kill, and the seconds until the restarted replica holds exactly
// PostgreSQL's live ads (every id, and each ad's vacancies — what every feed change writes; the
// search document carries no update time of its own).
//   --ads 50000  --connections 64  --before 10  --down 60  --questions 10000  --zipf 1.1
//   --feed-interval 5000  --feed-changes 100  --no-cache (the question cache off: every search
//   reaches a replica)  --postgres URL
import { parseArgs } from 'node:util';
import { runLoad, type LoadResult } from './lib/load.js';
import { questionStream } from './lib/traffic-questions.js';
import { startTrafficWorld, type TrafficWorld } from './lib/traffic-world.js';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '50000' },
    connections: { type: 'string', default: '64' },
    before: { type: 'string', default: '10' },
    down: { type: 'string', default: '60' },
    questions: { type: 'string', default: '10000' },
    zipf: { type: 'string', default: '1.1' },
    'feed-interval': { type: 'string', default: '5000' },
    'feed-changes': { type: 'string', default: '100' },
    'no-cache': { type: 'boolean', default: false },
    postgres: {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const connections = Number(args.connections);
const down = Number(args.down);
/** The first seconds after the kill, when the server may still send searches to the dead replica. */
const RIGHT_AFTER = Math.min(10, down);

/** Whether the replica holds exactly Postgres's live ads: the same ids, each with the same vacancies. */
async function holdsPostgresAds(world: TrafficWorld, replica: number): Promise<boolean> {
  const expected = await world.liveAds();
  const index = world.searchReplicas[replica]!.client.index<{ id: string; vacancies: number }>('jobs');
  let seen = 0;
  for (let offset = 0; ; offset += 10_000) {
    const page = await index.getDocuments({ fields: ['id', 'vacancies'], limit: 10_000, offset });
    for (const document of page.results) {
      if (expected.get(document.id) !== document.vacancies) return false;
      seen++;
    }
    if (page.results.length < 10_000) break;
  }
  return seen === expected.size;
}

const row = (name: string, result: LoadResult) =>
  `${name.padEnd(40)}${String(result.requests).padStart(9)}${result.perSecond.toFixed(0).padStart(8)}${result.p50.toFixed(1).padStart(9)}${result.p95.toFixed(1).padStart(9)}${result.p99.toFixed(1).padStart(9)}${String(result.failed).padStart(8)}`;

async function main() {
  const world = await startTrafficWorld({
    ads: Number(args.ads),
    replicas: 2,
    postgres: args.postgres,
    log: console.log,
  });
  try {
    const stream = questionStream({
      distinct: Number(args.questions),
      s: Number(args.zipf),
      length: 400_000,
    });
    const requests = stream.ours();
    const server = await world.startServer(args['no-cache'] ? { SEARCH_CACHE_MS: '0' } : {});
    const feed = world.startFeed(Number(args['feed-interval']), Number(args['feed-changes']));
    const phases: [string, LoadResult][] = [];
    const phase = async (name: string, seconds: number) => {
      const result = await runLoad(server.url, requests, { connections, seconds });
      phases.push([name, result]);
      console.log(row(name, result));
    };

    await phase('both replicas up', Number(args.before));
    world.replicas[1]!.kill();
    console.log('replica 2 killed (SIGKILL)');
    await phase(`first ${RIGHT_AFTER} s after the kill`, RIGHT_AFTER);
    if (down > RIGHT_AFTER) await phase('rest of the time it is down', down - RIGHT_AFTER);
    await world.replicas[1]!.restart();
    const restarted = Date.now();
    console.log('replica 2 restarted (same port, same data dir)');

    // Searches go on while it catches up; it is compared with Postgres every 2 s meanwhile.
    let caughtUp = null as number | null;
    const watching = (async () => {
      while (caughtUp === null && Date.now() - restarted < 300_000) {
        if (await holdsPostgresAds(world, 1).catch(() => false)) caughtUp = (Date.now() - restarted) / 1000;
        else await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    })();
    await phase('after the restart', 20);
    await watching;
    await feed.stop();
    await server.stop();

    const failed = phases.reduce((sum, [, result]) => sum + result.failed, 0);
    console.log(
      `\n${Number(args.ads)} ads, 2 replicas, ${connections} connections, question cache ${args['no-cache'] ? 'off' : 'on'}; feed: ${args['feed-changes']} ads changed every ${args['feed-interval']} ms (${feed.rounds()} rounds)`,
    );
    console.log(
      `${'phase'.padEnd(40)}${'searches'.padStart(9)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'failed'.padStart(8)}`,
    );
    for (const [name, result] of phases) console.log(row(name, result));
    console.log(`failed searches: ${failed} (target 0)`);
    console.log(
      caughtUp === null
        ? 'the restarted replica did not hold exactly the live ads within 300 s'
        : `the restarted replica held exactly PostgreSQL's live ads ${caughtUp.toFixed(1)} s after its restart`,
    );
  } finally {
    await world.close();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
await main();
process.exit(0);
