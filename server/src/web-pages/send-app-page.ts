import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  renderedPageTemplate,
  renderedRoot,
  withPageBody,
  withPageHead,
  type PageHead,
} from '../features/seo/html-head.js';
import { publicBaseUrl } from '../features/seo/public-base-url.js';
import { inProcessApi } from './in-process-api.js';
import type { PageRenderer, RenderedHead, RenderedPage } from './renderer.js';

/** The id of the page's JSON script (web/src/app/page-data.ts reads it). */
const PAGE_DATA_ID = 'page-data';

/** A rendered page and its #root with the data, as sent (and shared, for the search pages). */
interface PageBody {
  page: RenderedPage;
  root: string;
}

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
}

/**
 * Sends a page of the web app: rendered on the server when there is a renderer (its content in
 * the HTML, hydrated by the browser), else the app's shell. A render that fails sends the shell
 * too — the browser then renders the page as it always could — and is logged.
 */
export function createAppPageSender(app: FastifyInstance, renderer: PageRenderer | null) {
  // Pages are always checked again (a route may have set a stricter header: keep that one).
  // The template of rendered pages, made once: its <noscript> speaks of a page that works without scripts.
  const renderedTemplate = renderedPageTemplate(app.webIndexHtml);
  const noCache = (reply: FastifyReply) =>
    reply.hasHeader('cache-control') ? reply : reply.header('cache-control', 'no-cache');

  const sendShell = (reply: FastifyReply, status: number, head?: PageHead) =>
    noCache(reply)
      .status(status)
      .type('text/html; charset=utf-8')
      .send(head ? withPageHead(app.webIndexHtml, head) : app.webIndexHtml);

  function headOf(request: FastifyRequest, rendered: RenderedHead | null): PageHead | undefined {
    if (!rendered) return undefined;
    const { title, description, robots, canonicalPath } = rendered;
    return {
      title,
      ...(description ? { description } : {}),
      ...(robots ? { robots } : {}),
      ...(canonicalPath ? { canonical: `${publicBaseUrl(app, request).url}${canonicalPath}` } : {}),
    };
  }

  return async function sendAppPage(
    request: FastifyRequest,
    reply: FastifyReply,
    options: AppPageOptions = {},
  ): Promise<FastifyReply> {
    if (!renderer) return sendShell(reply, options.status ?? 200, options.head);
    try {
      let fresh = false;
      const render = async (): Promise<PageBody> => {
        fresh = true;
        const page = await renderer.renderPage({ url: request.url, ...inProcessApi(app, request) });
        return { page, root: renderedRoot(page.html, PAGE_DATA_ID, page.pageData) };
      };
      const { page, root } = options.shareable
        ? await app.searchPageCache.get(request.url, render, (body) => 2 * body.root.length)
        : await render();
      const head = options.head ?? headOf(request, page.head);
      const html = withPageBody(head ? withPageHead(renderedTemplate, head) : renderedTemplate, root);
      // ssr: the request so far (the route's own reads, the answers fetched in-process, the
      // searches, the render); render: the renderer's part, absent when the page was shared.
      const timing = `ssr;dur=${(performance.now() - request.receivedAt).toFixed(1)}`;
      return noCache(reply)
        .status(options.status ?? page.status)
        .header(
          'server-timing',
          fresh
            ? `${timing}, render;dur=${page.renderMs.toFixed(1)};desc="${page.passes} passes"`
            : `${timing};desc="shared"`,
        )
        .type('text/html; charset=utf-8')
        .send(html);
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the app shell');
      return sendShell(reply, options.status ?? 200, options.head);
    }
  };
}
