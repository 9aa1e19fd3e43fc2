// The measured half of `npm run bench:alerts`, run built (plain JS on the workspaces' dist output,
// with the indexer daemon's heap cap) in a process of its own, so its memory peak is the alert
// run's alone. Reads the database and Meilisearch addresses from the environment (no key on a
// command line) and prints one `RESULT {json}`.
//   node alerts-run.js run    one admin alert run over every subscription
//   node alerts-run.js send   delivers every queued mail to SMTP_URL
import fs from 'node:fs';
import {
  createMailLinks,
  createSignedTokens,
  jobsFacetValues,
  profileSearches,
  runAlerts,
  sendQueuedMails,
} from '@jobbportalen/server';
import { createDatabase, openSearchEngine } from '@jobbportalen/storage';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`alerts-run needs ${name} in its environment`);
  return value;
};

/** The most memory this process has had resident (VmHWM), in bytes. */
function peakRss(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function main() {
  const mode = process.argv[2];
  const database = await createDatabase({ databaseUrl: env('BENCH_DATABASE_URL'), dataDir: '/nonexistent' });
  try {
    if (mode === 'run') {
      const search = await openSearchEngine({
        dataDir: '/nonexistent',
        meiliUrl: env('BENCH_MEILI_URL'),
        meiliMasterKey: env('BENCH_MEILI_KEY'),
      });
      const started = performance.now();
      const result = await runAlerts(
        {
          database,
          search,
          indexUid: env('BENCH_MEILI_INDEX'),
          facetValues: jobsFacetValues(search, env('BENCH_MEILI_INDEX')),
          links: createMailLinks('https://jobb.example.se', createSignedTokens('bench-secret-'.repeat(4))),
          profiles: profileSearches({ db: database.db, search, indexUid: env('BENCH_MEILI_INDEX') }),
          logger: silent,
        },
        { kind: 'admin' },
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(`RESULT ${JSON.stringify({ ...result, seconds, peakRss: peakRss() })}`);
      await search.close();
    } else if (mode === 'send') {
      const started = performance.now();
      const counts = await sendQueuedMails({
        db: database.db,
        config: {
          siteName: 'Jobbportalen',
          mail: {
            smtpUrl: env('SMTP_URL'),
            from: 'Jobbportalen <no-reply@jobb.example.se>',
            maxPerHour: 10_000_000,
          },
        },
        dataDir: '/nonexistent',
        logger: silent,
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(`RESULT ${JSON.stringify({ ...counts, seconds, peakRss: peakRss() })}`);
    } else {
      throw new Error(`alerts-run: unknown mode "${mode}" (run or send)`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
