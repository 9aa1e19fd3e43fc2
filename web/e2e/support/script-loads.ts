import zlib from 'node:zlib';
import type { Page } from 'playwright-core';

/** One JavaScript response of a page: its path, raw size and size gzipped at level 6. */
export interface ScriptLoad {
  url: string;
  raw: number;
  gzip: number;
  /** The Content-Encoding it was sent with. */
  encoding: string | undefined;
}

/**
 * The JavaScript a route may load on a cold visit, gzipped (KB = 1,000 bytes). Sizes depend only
 * on the build, so the suite checks them (script-budgets in server-rendering.test.ts) and
 * `npm run bench:web` prints them. A server-rendered page paints before its scripts arrive: the
 * budget bounds the download and the hydration, not the first paint.
 */
export const SCRIPT_BUDGETS_KB: Readonly<Record<string, number>> = {
  '/': 120,
  '/jobb': 180,
  '/jobb/{id}': 100,
};

/**
 * Starts recording the scripts `page` loads; call before navigating. The returned function gives
 * what was loaded so far (wait for the page to settle first). Gzip level 6 is measured here
 * whatever the server sent (it sends precompressed brotli), so budgets do not move with it.
 */
export function recordScriptLoads(page: Page): () => Promise<ScriptLoad[]> {
  const pending: Promise<ScriptLoad | null>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 6 }).length,
          encoding: response.headers()['content-encoding'],
        }))
        .catch(() => null),
    );
  });
  return async () => (await Promise.all(pending)).filter((load): load is ScriptLoad => load !== null);
}

/** The sum of the loads' gzipped sizes, in bytes. */
export const gzippedTotal = (loads: readonly ScriptLoad[]) => loads.reduce((sum, load) => sum + load.gzip, 0);
