// `npm run bench:search`: latency (p50/p95/p99) and throughput of Meilisearch directly, our search
// proxy with the same multi-search bodies, /api/jobs with a text search and two filters, and the
// count endpoints — over 50,000 simulator ads and then 500,000, in a fresh Meilisearch.
//   --sizes 50000,500000  --seconds 20  --connections 32
//   --data-dir DIR (keep Meilisearch's data there and reuse the ads already indexed)
//   --only "lean body,stats" (run the benchmarks whose name contains one of these)
//   --rounds N (run the list N times, interleaved, to see how much the machine's noise moves it)
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { jobConditionExpressions } from '../../contracts/src/index.js';
import { ensureJobsIndex } from '../../storage/src/index.js';
import { simulatorDocumentBatches } from './lib/corpus.js';
import { runLoad, type LoadRequest, type LoadResult } from './lib/load.js';
import { appendToIndex, startTemporarySearchEngine } from './lib/search-engine.js';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '50000,500000' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '32' },
    'data-dir': { type: 'string' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '1' },
  },
});
const sizes = args.sizes.split(',').map(Number);
const load = { seconds: Number(args.seconds), connections: Number(args.connections) };
const INDEX = 'jobs';
const here = path.dirname(fileURLToPath(import.meta.url));

// What a person types in the job browser; every benchmark cycles through them.
const TEXTS = [
  'utvecklare', 'sjuksköterska', 'lärare', 'säljare', 'undersköterska', 'lagerarbetare', 'ekonomi',
  'kundtjänst', 'elektriker', 'chef', 'goteborg', 'personlig assistent', 'java', 'förskollärare',
  'truckförare', 'controller',
]; // prettier-ignore

// The browser's own conditions (contracts), as /jobb sends them for 'Publicerad: Senaste
// månaden', 'Ingen erfarenhet krävs' and 'inom 30 km från Göteborg'.
const NEW_CONDITIONS = jobConditionExpressions({ published: 30, experience: false, near: 'Göteborg' });

/**
 * What instant-meilisearch sends for a results page with facets and a refinement on every other
 * query: as configured out of the box (every attribute returned and highlighted), and lean (the
 * fields a result list shows, the title highlighted, the description cropped).
 */
const multiSearchBodies = (lean: boolean) =>
  TEXTS.map((q, i) =>
    JSON.stringify({
      queries: [
        {
          indexUid: INDEX,
          q,
          facets: ['mainCategory', 'location', 'extent', 'form'],
          // Every other query refines by extent; every third adds the #16 conditions the job
          // browser sends (a publication window, 'Ingen erfarenhet krävs', a distance).
          filter: [...(i % 2 === 0 ? [['extent = "Heltid"']] : []), ...(i % 3 === 0 ? NEW_CONDITIONS : [])],
          ...(lean
            ? {
                attributesToRetrieve: [
                  'id',
                  'title',
                  'company',
                  'location',
                  'extent',
                  'publishedAt',
                  'description',
                ],
                attributesToHighlight: ['title'],
                attributesToCrop: ['description:30'],
              }
            : { attributesToHighlight: ['*'] }),
          highlightPreTag: '__ais-highlight__',
          highlightPostTag: '__/ais-highlight__',
          hitsPerPage: 20,
          page: 1,
        },
      ],
    }),
  );

/**
 * /api/jobs questions that never repeat within a run (text × city × extent × page, in a fixed
 * shuffled order), so the server's few-second result cache never answers: what a search costs
 * when it has to reach Meilisearch.
 */
function uncachedJobsQueries(): LoadRequest[] {
  const cities = ['Stockholm', 'Göteborg', 'Malmö', 'Uppsala', 'Linköping', 'Örebro', 'Västerås', 'Umeå', 'Lund', 'Jönköping'];
  const requests: LoadRequest[] = [];
  for (const text of TEXTS)
    for (const city of cities)
      for (const extent of ['Heltid', 'Deltid'])
        for (let page = 1; page <= 25; page++)
          requests.push({ method: 'GET', path: `/api/jobs?search=${encodeURIComponent(text)}&city=${encodeURIComponent(city)}&extent=${extent}&page=${page}` });
  let seed = 7; // a small LCG: the same order every run
  for (let i = requests.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [requests[i], requests[j]] = [requests[j]!, requests[i]!];
  }
  return requests;
} // prettier-ignore

const json = { 'content-type': 'application/json' };

function startApp(meiliUrl: string, apiKey: string): Promise<{ url: string; child: ChildProcess }> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const child = spawn(
    process.execPath,
    [tsx, '--tsconfig', path.join(here, 'tsconfig.json'), path.join(here, 'lib/serve-app.ts')],
    {
      env: { ...process.env, MEILI_URL: meiliUrl, MEILI_MASTER_KEY: apiKey, MEILI_INDEX: INDEX },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(chunk.toString());
      if (match) resolve({ url: match[1]!, child });
    });
  });
}

interface Row {
  ads: number;
  name: string;
  result: LoadResult;
}

const ms = (value: number) => value.toFixed(1).padStart(8);

function printTable(rows: Row[]) {
  console.log(
    `\n${'ads'.padStart(8)}  ${'benchmark'.padEnd(44)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'failed'.padStart(8)}`,
  );
  for (const { ads, name, result } of rows) {
    console.log(
      `${String(ads).padStart(8)}  ${name.padEnd(44)}${result.perSecond.toFixed(0).padStart(8)} ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)}${String(result.failed).padStart(8)}`,
    );
  }
  const meanP95 = (ads: number, name: string) => {
    const runs = rows.filter((row) => row.ads === ads && row.name === name);
    return runs.length === 0 ? NaN : runs.reduce((sum, row) => sum + row.result.p95, 0) / runs.length;
  };
  for (const ads of new Set(rows.map((row) => row.ads))) {
    for (const body of ['default body', 'lean body']) {
      const ratio = meanP95(ads, `proxy, ${body}`) / meanP95(ads, `Meilisearch direct, ${body}`);
      if (Number.isNaN(ratio)) continue;
      console.log(`${ads} ads, ${body}: proxy p95 / direct p95 = ${ratio.toFixed(2)} (target ≤ 1.25)`);
    }
  }
}

async function main() {
  const engine = await startTemporarySearchEngine(args['data-dir']);
  const rows: Row[] = [];
  let app: { url: string; child: ChildProcess } | undefined;
  // Ctrl-C ends the app process too (Meilisearch ends with us by itself).
  const stopApp = () => app?.child.kill('SIGTERM');
  process.once('exit', stopApp);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  try {
    await ensureJobsIndex(engine.client, INDEX);
    let indexed = (await engine.client.index(INDEX).getStats()).numberOfDocuments;
    app = await startApp(engine.url, engine.apiKey);
    for (const size of sizes) {
      const started = Date.now();
      if (indexed < size) {
        const before = indexed;
        await appendToIndex(
          engine.client,
          INDEX,
          simulatorDocumentBatches(size - indexed, { from: indexed, batchSize: 10_000 }),
          (done) => process.stdout.write(`\rindexed ${before + done} / ${size} ads`),
        );
        indexed = size;
        console.log(` in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      } else if (indexed > size) {
        console.log(`skipping ${size}: the index already holds ${indexed} ads`);
        continue;
      }

      const auth = { ...json, authorization: `Bearer ${engine.apiKey}` };
      const scenarios: [string, string, LoadRequest[]][] = [
        ['Meilisearch direct, default body', engine.url, multiSearchBodies(false).map((body) => ({ method: 'POST', path: '/multi-search', headers: auth, body }))],
        ['proxy, default body', app.url, multiSearchBodies(false).map((body) => ({ method: 'POST', path: '/api/search/multi-search', headers: json, body }))],
        ['Meilisearch direct, lean body', engine.url, multiSearchBodies(true).map((body) => ({ method: 'POST', path: '/multi-search', headers: auth, body }))],
        ['proxy, lean body', app.url, multiSearchBodies(true).map((body) => ({ method: 'POST', path: '/api/search/multi-search', headers: json, body }))],
        ['/api/jobs ?search=…&city=Stockholm&extent=Heltid', app.url, TEXTS.map((text) => ({ method: 'GET', path: `/api/jobs?search=${encodeURIComponent(text)}&city=Stockholm&extent=Heltid` }))],
        ['/api/jobs, never the same question twice', app.url, uncachedJobsQueries()],
        ['/api/jobs with the #16 filters and near', app.url, TEXTS.map((text, i) => ({ method: 'GET', path: `/api/jobs?search=${encodeURIComponent(text)}&published=${i % 2 ? 7 : 30}&experience=false&near=G%C3%B6teborg&radiusKm=50${i % 3 ? '' : '&sort=distance'}` }))],
        ['/api/jobs/filter-counts', app.url, TEXTS.map((text) => ({ method: 'GET', path: `/api/jobs/filter-counts?search=${encodeURIComponent(text)}&near=Malm%C3%B6` }))],
        ['/api/jobs/main-category-counts', app.url, [{ method: 'GET', path: '/api/jobs/main-category-counts' }]],
        ['/api/jobs/city-counts', app.url, [{ method: 'GET', path: '/api/jobs/city-counts' }]],
        ['/api/jobs/stats', app.url, [{ method: 'GET', path: '/api/jobs/stats' }]],
      ]; // prettier-ignore
      const only = args.only?.split(',').map((part) => part.trim());
      const chosen = scenarios.filter(([name]) => !only || only.some((part) => name.includes(part)));
      const rounds = Array.from({ length: Number(args.rounds) }, () => chosen).flat();
      for (const [name, origin, requests] of rounds) {
        // A short warm-up so connections and JIT are ready before measuring; it starts halfway
        // through the list, so a list longer than a run is not answered from the warm-up's cache.
        const half = Math.floor(requests.length / 2);
        await runLoad(origin, [...requests.slice(half), ...requests.slice(0, half)], { ...load, seconds: 2 });
        const result = await runLoad(origin, requests, load);
        rows.push({ ads: size, name, result });
        console.log(`  ${name}: ${result.perSecond.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms`);
      }
      printTable(rows);
    }
  } finally {
    stopApp();
    await engine.close();
  }
}

await main();
