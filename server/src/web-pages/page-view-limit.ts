import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { PAGES } from '@jobbportalen/contracts';
import { isPageWarming } from './job-page-warmer.js';
import { sendTooManyPageViews, tooManyPageViewsPage } from './too-many-page-views.js';

const ONE_MINUTE_MS = 60_000;

/**
 * Refusals an address gets at once in a minute. A person who reloads past the limit is told so
 * straight away; an address that goes on asking after this many refusals is a flood.
 */
export const PROMPT_REFUSALS_PER_MINUTE = 10;
/**
 * How long a flood's refusal waits before it is sent. A refusal costs little, but thousands a
 * second still share the event loop with everyone else's pages; held for a second, a flood
 * gets one refusal a second per connection, whatever it sends.
 */
export const HELD_REFUSAL_MS = 1000;
/** Refusals held at once, whatever the connections: beyond it they are sent at once. */
export const MAX_HELD_REFUSALS = 1000;

/** The paths of the pages the server renders (wherever their routes are registered). */
const RENDERED_PAGE_PATHS: ReadonlySet<string> = new Set(
  Object.values(PAGES)
    .filter((page) => page.serverRendered)
    .map((page) => page.path),
);

export interface PageViewLimit {
  /**
   * Counts a page view for the request's address; over the limit, sends the 429 page and answers
   * true (the caller then does nothing more).
   */
  refuse(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /** Puts the check first on a route of a server-rendered page, before anything it reads. */
  guardRoute(route: RouteOptions): void;
}

/**
 * Server-rendered pages count as page views of the visitor's address, RATE_LIMIT_PAGEVIEWS_PER_IP a
 * minute — one budget for every rendered page and 'Sidan finns inte' together, so a flood of
 * distinct addresses is as limited as a flood of one. Counted in this process's memory (the rate
 * limit plugin's store for unshared limits), checked in onRequest: a refusal renders nothing and
 * asks nothing of the database or the search engine. A person's full page loads are far fewer (the
 * app navigates in the browser once it has loaded); static files are not pages and never counted.
 */
export function pageViewLimit(app: FastifyInstance): PageViewLimit {
  const page = tooManyPageViewsPage(app.config.siteName);
  const count = app.createRateLimit({ max: app.config.rateLimits.pageViewsPerIp, timeWindow: ONE_MINUTE_MS });
  // Counted only for refused requests: a store of its own, keyed by address like the page views.
  const countRefusal = app.createRateLimit({ max: PROMPT_REFUSALS_PER_MINUTE, timeWindow: ONE_MINUTE_MS });
  let held = 0;

  /** Waits before a flood's refusal (see HELD_REFUSAL_MS); a person's first refusals go at once. */
  async function holdIfFlooding(request: FastifyRequest): Promise<void> {
    const refusals = await countRefusal(request);
    if (refusals.isAllowed || !refusals.isExceeded || held >= MAX_HELD_REFUSALS) return;
    held++;
    try {
      await sleep(HELD_REFUSAL_MS);
    } finally {
      held--;
    }
  }

  async function refuse(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    // The server's own job page warmer is nobody's page view.
    if (isPageWarming(request)) return false;
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return false;
    await holdIfFlooding(request);
    await sendTooManyPageViews(reply, page, counted.ttlInSeconds);
    return true;
  }

  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await refuse(request, reply)) return reply;
  };

  return {
    refuse,
    guardRoute(route) {
      if (!RENDERED_PAGE_PATHS.has(route.url)) return;
      // A new array: Fastify's automatic HEAD route starts from the same options object.
      const existing = route.onRequest ?? [];
      route.onRequest = [onRequest, ...(Array.isArray(existing) ? existing : [existing])];
    },
  };
}
