// The simulator's public entry point: a local JobStream (v1 and v2) with a generated, seeded corpus
// of Swedish ads and fault flags, for tests, benchmarks and `npm run demo`. `npm run
// feed:simulator` runs cli.js. The production image does not ship this package.
export { adIdFor, adIndexFor, FIRST_AD_ID, generateAd } from './ad-generator.js';
export type { AdGenerationOptions } from './ad-times.js';
export type { FeedFaults } from './feed-faults.js';
export type { JobStreamAd, JobStreamRecord, JobStreamRemoval } from './jobstream-shape.js';
export { hashInts, Random } from './prng.js';
export {
  startFeedSimulator,
  type FeedSimulator,
  type FeedSimulatorOptions,
  type SimulatorStats,
} from './simulator-server.js';
export { formatStockholm, parseStockholm } from './stockholm-clock.js';
