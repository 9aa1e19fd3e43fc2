// `npm run demo`: the portal exactly as `npm start` (same PORT, DATA_DIR, ADMIN_EMAIL … settings)
// with our feed simulator started alongside and the feed pointed at it, importing by itself on
// the first start, so a newcomer sees a full portal without the internet.
//   DEMO_ADS   ads in the simulated feed (default 2000)
//   DEMO_SEED  seed of the generated corpus (default 1)
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const { startFeedSimulator } = await import('@jobbportalen/feed-simulator');
const ads = Number(process.env.DEMO_ADS ?? 2000);
const seed = Number(process.env.DEMO_SEED ?? 1);
const simulator = await startFeedSimulator({ ads, seed, host: '127.0.0.1', changeRatePerSecond: 0.2 });
console.log(`Flödessimulator med ${ads} annonser: ${simulator.url}`);

process.env.FEED_URL = simulator.url;
process.env.FEED_API_VERSION ??= 'v1';
process.env.FEED_AUTO_IMPORT = 'true';
// The simulator is ours: a window every 10 s keeps the demo lively.
process.env.FEED_REQUEST_INTERVAL_MS ??= '10000';
process.env.EMBEDDED_INDEXER = 'true';
await import('../server/dist/main.js');
