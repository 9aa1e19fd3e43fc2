import { get } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFeedSimulator, type FeedSimulator } from './simulator-server.js';

// Streams a full 50 000-ad snapshot over HTTP and reports time and memory. Timing depends on the
// machine, so only the record count and a generous memory bound are asserted: a server that built
// the body as one string would need several hundred megabytes.
const ADS = 50_000;
const MB = 1024 * 1024;
let simulator: FeedSimulator;

beforeAll(async () => {
  simulator = await startFeedSimulator({ ads: ADS, seed: 1, startTime: Date.UTC(2025, 1, 3, 8), speed: 0 });
});
afterAll(() => simulator.close());

it('streams a 50 000-ad snapshot with flat memory', { timeout: 180_000 }, async () => {
  const marker = '{"id":"';
  const baseline = process.memoryUsage();
  let peakHeap = baseline.heapUsed;
  let peakRss = baseline.rss;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakHeap = Math.max(peakHeap, usage.heapUsed);
    peakRss = Math.max(peakRss, usage.rss);
  }, 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const { bytes, records, lastChar } = await new Promise<{
    bytes: number;
    records: number;
    lastChar: string;
  }>((resolve, reject) => {
    get(`${simulator.url}/snapshot`, (response) => {
      let bytes = 0;
      let records = 0;
      let tail = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        // Keep a few characters across chunks so a marker split between two chunks still counts.
        const text = tail + chunk;
        for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) records++;
        tail = text.slice(-(marker.length - 1));
      });
      response.on('end', () => resolve({ bytes, records, lastChar: tail.slice(-1) }));
      response.on('error', reject);
    }).on('error', reject);
  });
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `snapshot of ${records} ads: ${(bytes / MB).toFixed(0)} MB in ${seconds.toFixed(1)} s ` +
      `(${(bytes / MB / seconds).toFixed(0)} MB/s, ${cpuSeconds.toFixed(1)} s CPU for server and client); heap peak +${((peakHeap - baseline.heapUsed) / MB).toFixed(0)} MB, ` +
      `rss peak +${((peakRss - baseline.rss) / MB).toFixed(0)} MB`,
  );
  expect(records).toBe(ADS);
  expect(lastChar).toBe(']');
  expect(peakHeap - baseline.heapUsed).toBeLessThan(Math.min(200 * MB, bytes / 2));
});
