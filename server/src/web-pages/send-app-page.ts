import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { occupationLexicon } from '@jobbportalen/lexicon';
import {
  renderedPageTemplate,
  renderedRoot,
  withPageBody,
  withPageHead,
  type PageHead,
} from '../features/seo/html-head.js';
import { publicBaseUrl, type PublicBaseUrl } from '../features/seo/public-base-url.js';
import { directAnswers } from './direct-answers.js';
import { inProcessApi, type InProcessProblem } from './in-process-api.js';
import { EncodedPage, sendEncodedPage } from './encoded-page.js';
import { isServable, type JobPageStore } from './job-page-store.js';
import { isPageWarming, WARM_MARGIN_MS } from './job-page-warmer.js';
import { keptPages, namesEtag } from './kept-pages.js';
import type { JobPageSource } from '../metrics/portal-metrics.js';
import { renderProblemLog } from './render-problem-log.js';
import type { PageRenderer, PrefetchedAnswer, RenderedHead, RenderedPage } from './renderer.js';
import { rendersInFlight, rendersInFlightBound } from './renders-in-flight.js';
import { sendTooManyPageViews, tooManyPageViewsPage } from './too-many-page-views.js';

/** The id of the page's JSON script (web/src/app/page-data.ts reads it). */
const PAGE_DATA_ID = 'page-data';

/**
 * A rendered page as sent (and shared, for the search pages): the whole page with its compressed
 * forms, and what the render reported. The renderer's HTML and data are not held past assembly.
 */
interface PageBody {
  status: number;
  encoded: EncodedPage;
  renderMs: number;
  passes: number;
}

/**
 * What a render came to: a page (`complete` when every in-process answer was 2xx — only such a
 * page is shared), a refusal (an in-process answer was the visitor's 429), or a failure.
 */
type RenderOutcome =
  | { kind: 'page'; body: PageBody; complete: boolean }
  | { kind: 'refused'; refusal: InProcessProblem }
  | { kind: 'failed'; error: unknown; cause: InProcessProblem | undefined };

export interface AppPageOptions {
  /** The page's status when the route knows better than the render (a closed ad: 410). */
  status?: number;
  /** A head the route built itself (a job ad's, from the database); it wins over the render's. */
  head?: PageHead;
  /**
   * The render depends on the address and the search index only (the search pages): identical
   * addresses share it for a few seconds (app.searchPageCache), as identical questions do.
   */
  shareable?: boolean;
  /**
   * What the page is made of, as a version (a job page: the ad's version and the address it is
   * built for), when it is the same for every visitor and a shared cache may keep it. The page
   * then carries a strong ETag (the web build and this version) and a Cache-Control that lets a
   * CDN or proxy keep it briefly and serve it stale while it asks again; a conditional request
   * naming the ETag is answered 304 without a render; and the rendered page is kept by it, so it
   * is rendered once per change rather than once per visitor.
   */
  version?: string;
  /**
   * A landing page (/jobb and its searches, shared between visitors): the same for everyone, so
   * it carries a strong ETag of its bytes and may be stored by a shared cache, which must ask
   * again each time (the page changes with the index, which no version names): a request naming
   * the ETag gets 304 while the shared page is the same. Unlike a versioned page, it is rendered
   * (or shared) first. (The start page is rendered per request with its time: its bytes differ.)
   */
  landing?: boolean;
  /**
   * Where a versioned page is kept on disk (job-page-store.ts), when the page is one the store
   * holds: a live ad's page at its own address on a trusted base. Served from there while it shows
   * the same version and build and is recent enough; rendered and stored otherwise.
   */
  storedAs?: string;
  /**
   * Answers the route can give the render itself, by API path (a job page: the ad it has read and
   * its 'Liknande jobb'): loaded only when the page is rendered — not for a kept page or a 304.
   */
  answers?: () => Promise<Record<string, PrefetchedAnswer>>;
}

/** A versioned page: any cache may keep it a minute, and serve it stale for ten while it asks again. */
export const VERSIONED_PAGE_CACHE = 'public, max-age=60, stale-while-revalidate=600';
/** A landing page: any cache may store it, and asks again before each use. */
export const LANDING_PAGE_CACHE = 'public, no-cache';
/** How long the server keeps a versioned page it rendered, and how much of them at most. */
const KEPT_PAGE_MS = 5 * 60_000;
const KEPT_PAGE_BYTES = 64 * 1024 * 1024;

/**
 * Sends a page of the web app: rendered on the server when there is a renderer (its content in
 * the HTML, hydrated by the browser), else the app's shell. A render that fails sends the shell
 * too — the browser then renders the page as it always could — and is logged in one line. A render
 * whose in-process answers were refused by the visitor's own API limits is refused as a whole
 * (429, the small page of too-many-page-views.ts) rather than sent as a page without its content,
 * as is a page asked for while the same address has its bound of renders under way
 * (renders-in-flight.ts).
 */
export function createAppPageSender(
  app: FastifyInstance,
  renderer: PageRenderer | null,
  store: JobPageStore | null = null,
) {
  // Pages are always checked again (a route may have set a stricter header: keep that one).
  // The template of rendered pages, made once: its <noscript> speaks of a page that works without scripts.
  const renderedTemplate = renderedPageTemplate(app.webIndexHtml);
  const noCache = (reply: FastifyReply) =>
    reply.hasHeader('cache-control') ? reply : reply.header('cache-control', 'no-cache');

  const refusedPage = tooManyPageViewsPage(app.config.siteName);
  // The web build a page was rendered by: a new build is a new page, whatever its data.
  const buildId = createHash('sha256').update(app.webIndexHtml).digest('base64url').slice(0, 10);
  const kept = keptPages({ ttlMs: KEPT_PAGE_MS, maxBytes: KEPT_PAGE_BYTES });
  const direct = directAnswers(app);

  const problems = renderProblemLog();
  const inFlight = rendersInFlight(rendersInFlightBound(app.config.rateLimits.pageViewsPerIp));

  const sendShell = (reply: FastifyReply, status: number, head?: PageHead) =>
    noCache(reply)
      .status(status)
      .type('text/html; charset=utf-8')
      .send(head ? withPageHead(app.webIndexHtml, head) : app.webIndexHtml);

  function headOf(baseUrl: string, rendered: RenderedHead | null): PageHead | undefined {
    if (!rendered) return undefined;
    const { title, description, robots, canonicalPath } = rendered;
    return {
      title,
      ...(description ? { description } : {}),
      ...(robots ? { robots } : {}),
      ...(canonicalPath ? { canonical: `${baseUrl}${canonicalPath}` } : {}),
    };
  }

  /** A page made of 2xx answers only: the one kind another visitor may be given. */
  const isShareable = (outcome: RenderOutcome) => outcome.kind === 'page' && outcome.complete;
  // A shared page as held: its compressed form (EncodedPage.kept). A gzip form made later for a
  // visitor without brotli is not counted: browsers ask for brotli.
  const sizeOf = (outcome: RenderOutcome) => (outcome.kind === 'page' ? outcome.body.encoded.size : 0);

  /**
   * The whole page of a render: the template with the route's head or the render's (whose
   * canonical link names the base address the page was asked under), and the rendered #root with
   * its data. A page that will be kept for other visitors is held compressed only.
   */
  function assembled(baseUrl: string, page: RenderedPage, routeHead: PageHead | undefined, kept: boolean) {
    const head = routeHead ?? headOf(baseUrl, page.head);
    const html = withPageBody(
      head ? withPageHead(renderedTemplate, head) : renderedTemplate,
      renderedRoot(page.html, PAGE_DATA_ID, page.pageData),
    );
    return kept ? EncodedPage.kept(html) : new EncodedPage(html);
  }

  return async function sendAppPage(
    request: FastifyRequest,
    reply: FastifyReply,
    options: AppPageOptions = {},
  ): Promise<FastifyReply> {
    if (!renderer) return sendShell(reply, options.status ?? 200, options.head);
    const etag = options.version === undefined ? undefined : `"${buildId}-${options.version}"`;
    const keptKey = `${etag} ${request.url}`;
    const sinceArrival = () => `ssr;dur=${(performance.now() - request.receivedAt).toFixed(1)}`;
    // The base address the page is built on (its canonical link, whether a shared cache may keep
    // it), worked out once per request and only when needed: a kept or stored page needs none.
    let baseOfRequest: PublicBaseUrl | undefined;
    const base = () => (baseOfRequest ??= publicBaseUrl(app, request));
    // The warmer's request (job-page-warmer.ts) asks the store only, with its margin, and stores.
    const warming = isPageWarming(request);
    const storedAs = store && etag ? options.storedAs : undefined;
    // Counted for visitors: the warmer has figures of its own.
    const served = (from: JobPageSource) => {
      if (!warming) app.metrics.jobPageServed(from);
    };
    if (etag) {
      const versioned = (answer: FastifyReply) =>
        answer.header('etag', etag).header('cache-control', VERSIONED_PAGE_CACHE);
      if (!warming && namesEtag(request.headers['if-none-match'], etag)) {
        served('unchanged');
        return versioned(reply).status(304).send();
      }
      const found = warming ? undefined : kept.get(keptKey);
      if (found) {
        served('kept');
        versioned(reply).header('server-timing', `${sinceArrival()};desc="kept"`);
        return sendEncodedPage(request, reply, options.status ?? found.status, found.page);
      }
      const stored = storedAs ? await store!.read(storedAs) : undefined;
      if (stored && isServable(stored, etag, Date.now(), warming ? WARM_MARGIN_MS : 0)) {
        // Not kept in memory as well: a file read costs little, and its age stays the store's own.
        const page = new EncodedPage({ brotli: stored.brotli });
        served('stored');
        versioned(reply).header('server-timing', `${sinceArrival()};desc="stored"`);
        return sendEncodedPage(request, reply, options.status ?? stored.status, page);
      }
    }
    let fresh = false;
    let renderedAt = 0;
    const render = async (): Promise<RenderOutcome> => {
      fresh = true;
      renderedAt = Date.now();
      const known = options.answers ? await options.answers() : {};
      const api = inProcessApi(app, request, { known, direct });
      try {
        const page = await renderer.renderPage({
          url: request.url,
          fetchApi: api.fetchApi,
          searchHttpClient: api.searchHttpClient,
          occupationLexicon: occupationLexicon(),
        });
        if (api.refusal) return { kind: 'refused', refusal: api.refusal };
        const complete = !api.problem;
        // Kept for others: a shared page, or a versioned one that is complete (kept below).
        const kept = complete && (options.shareable === true || etag !== undefined);
        const { status, renderMs, passes } = page;
        const encoded = assembled(base().url, page, options.head, kept);
        return { kind: 'page', body: { status, encoded, renderMs, passes }, complete };
      } catch (error) {
        if (api.refusal) return { kind: 'refused', refusal: api.refusal };
        return { kind: 'failed', error, cause: api.problem };
      }
    };
    // A page another visitor's render made of refusals or failures was theirs: this one renders anew.
    // Shared by address and by the base address it is asked under (its canonical link names it).
    const shared = async () => {
      const key = `${base().url} ${request.url}`;
      const outcome = await app.searchPageCache.get(key, render, sizeOf, isShareable);
      return fresh || isShareable(outcome) ? outcome : render();
    };

    const leave = inFlight.enter(request.ip);
    if (!leave) return sendTooManyPageViews(reply, refusedPage, 1);
    let outcome: RenderOutcome;
    try {
      outcome = options.shareable ? await shared() : await render();
    } catch (error) {
      outcome = { kind: 'failed', error, cause: undefined };
    } finally {
      leave();
    }
    if (outcome.kind === 'refused') {
      problems.refused(request, outcome.refusal);
      return sendTooManyPageViews(reply, refusedPage, outcome.refusal.retryAfterSeconds ?? 60);
    }
    if (outcome.kind === 'failed') {
      problems.failed(request, outcome.error, outcome.cause);
      return sendShell(reply, options.status ?? 200, options.head);
    }
    const { body } = outcome;
    const { encoded } = body;
    if (etag) served('rendered');
    const status = options.status ?? body.status;
    if (etag && outcome.complete) {
      // The warmer's pages go to the store only: memory is for the pages visitors ask for.
      if (!warming) kept.set(keptKey, { status, page: encoded });
      reply.header('etag', etag).header('cache-control', VERSIONED_PAGE_CACHE);
      if (storedAs && status === 200) {
        // A visitor's page is stored while it is sent; the warmer waits, so its rounds pace themselves.
        const storing = store!.write(storedAs, { etag, status, renderedAt, brotli: encoded.bytes('br') });
        if (warming) await storing;
      }
    }
    // ssr: the request so far (the route's own reads, the answers fetched in-process, the
    // searches, the render); render: the renderer's part, absent when the page was shared.
    const timing = sinceArrival();
    // Built on an address the server trusts, a complete landing page is everyone's.
    if (!etag && options.landing && outcome.complete && status === 200 && base().cacheable) {
      reply.header('etag', encoded.etag).header('cache-control', LANDING_PAGE_CACHE);
      if (namesEtag(request.headers['if-none-match'], encoded.etag)) return reply.status(304).send();
    }
    noCache(reply).header(
      'server-timing',
      fresh
        ? `${timing}, render;dur=${body.renderMs.toFixed(1)};desc="${body.passes} passes"`
        : `${timing};desc="shared"`,
    );
    return sendEncodedPage(request, reply, status, encoded);
  };
}
