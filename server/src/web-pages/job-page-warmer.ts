import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { jobPagePath, MINUTE_MS } from '@jobbportalen/contracts';
import { liveJobsNewestFirst } from '@jobbportalen/storage';
import type { JobPageStore } from './job-page-store.js';

/**
 * Renders live ads' job pages into the store (job-page-store.ts) before anyone asks for them:
 * every ad whose stored page is missing, of another version or build, or would be too old before
 * the next round, newest ads first. A visit to any live ad is then a file read, not a render —
 * and after a deploy (a new build) or an import the pages are made in the background, one at a
 * time, sharing the event loop with visitors rather than taking it from them.
 *
 * A page is made by the page's own route, through `app.inject`, so the warmer stores exactly what
 * a visitor would be sent. Its requests carry a token made in this process: they are not counted
 * as page views, logged or measured as visitors' requests, and no outside request can pass as one.
 * Runs only with PUBLIC_URL set: a page's links are built on its address, and without it the
 * address is whatever a visitor's Host names, which the warmer cannot know.
 */

/** How often a round starts (after the last one ended). */
export const WARM_ROUND_MS = 10 * MINUTE_MS;
/** A page older than the store's limit minus this is made again: two rounds, so none lapses. */
export const WARM_MARGIN_MS = 2 * WARM_ROUND_MS;
/** Ads warmed at most per round (the newest): far more than the feed has live. */
const MAX_WARMED_ADS = 200_000;

const WARMING_HEADER = 'x-jobbportalen-page-warming';
/** Never leaves this process: the warmer's requests are told from visitors' by it. */
const WARMING_TOKEN = randomBytes(24).toString('base64url');

const WARMING_TOKEN_BYTES = Buffer.from(WARMING_TOKEN);

/** Whether a request is the warmer's own (its token, which only this process knows). */
export function isPageWarming(request: { headers: IncomingHttpHeaders }): boolean {
  const given = request.headers[WARMING_HEADER];
  if (typeof given !== 'string' || given.length !== WARMING_TOKEN.length) return false;
  // Compared in constant time: a visitor's guesses learn nothing from how long a refusal took.
  const bytes = Buffer.from(given);
  return bytes.length === WARMING_TOKEN_BYTES.length && timingSafeEqual(bytes, WARMING_TOKEN_BYTES);
}

export interface WarmRound {
  ads: number;
  /** Pages rendered and stored this round (the others were stored and current). */
  rendered: number;
  /** Pages that could not be made (not stored: a visitor's request renders them as before). */
  failed: number;
  /** Old pages deleted by the sweep that follows the round. */
  swept: number;
  ms: number;
}

export interface JobPageWarmer {
  /**
   * Starts a round now (after the one under way, if any: it may have passed the ads that just
   * changed) and resolves when it has ended: tests wait for it.
   */
  nextRound(): Promise<WarmRound>;
  stop(): Promise<void>;
}

export function startJobPageWarmer(
  app: FastifyInstance,
  options: { publicUrl: string; store: JobPageStore; onRound?: (round: WarmRound) => void },
): JobPageWarmer {
  // The route builds the page on PUBLIC_URL whatever the Host; a proxy in front strips its path.
  const host = new URL(options.publicUrl).host;
  const stopping = new AbortController();
  const waiters: { resolve: (round: WarmRound) => void; reject: (error: unknown) => void }[] = [];
  // Aborted to cut the wait between rounds short.
  let pause = new AbortController();

  async function warm(id: string): Promise<'rendered' | 'current' | 'failed'> {
    const response = await app.inject({
      method: 'GET',
      url: jobPagePath(id),
      headers: { host, accept: 'text/html', 'accept-encoding': 'br', [WARMING_HEADER]: WARMING_TOKEN },
    });
    // A page that could not be made (a refusal, the app's shell after a failed render) is not stored.
    const timing = String(response.headers['server-timing'] ?? '');
    if (response.statusCode !== 200) return 'failed';
    if (timing.includes('desc="stored"')) return 'current';
    return timing.includes('render;') ? 'rendered' : 'failed';
  }

  async function round(): Promise<WarmRound> {
    const started = performance.now();
    const ads = await liveJobsNewestFirst(app.db, MAX_WARMED_ADS);
    const counts = { rendered: 0, current: 0, failed: 0 };
    for (const { id } of ads) {
      if (stopping.signal.aborted) break;
      counts[await warm(id)]++;
    }
    const swept = await options.store.sweep();
    return {
      ads: ads.length,
      rendered: counts.rendered,
      failed: counts.failed,
      swept,
      ms: performance.now() - started,
    };
  }

  const running = (async () => {
    while (!stopping.signal.aborted) {
      // Those who asked before this round started get it; later ones the next (started at once).
      const answered = waiters.splice(0);
      try {
        const done = await round();
        options.onRound?.(done);
        for (const waiter of answered) waiter.resolve(done);
        if (done.rendered || done.failed || done.swept)
          app.log.info({ ...done, ms: Math.round(done.ms) }, 'job pages stored ahead of visitors');
      } catch (error) {
        for (const waiter of answered) waiter.reject(error);
        if (!stopping.signal.aborted) app.log.warn({ err: error }, 'job page warmer: a round failed');
      }
      pause = new AbortController();
      const wake = AbortSignal.any([stopping.signal, pause.signal]);
      if (waiters.length === 0)
        await sleep(WARM_ROUND_MS, undefined, { signal: wake }).catch(() => undefined);
    }
  })();

  return {
    nextRound: () =>
      new Promise((resolve, reject) => {
        waiters.push({ resolve, reject });
        pause.abort();
      }),
    async stop() {
      stopping.abort();
      await running;
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('the job page warmer has stopped'));
    },
  };
}
