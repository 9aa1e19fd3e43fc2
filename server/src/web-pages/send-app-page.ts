import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withPageBody, withPageHead, type PageHead } from '../features/seo/html-head.js';
import { publicBaseUrl } from '../features/seo/public-base-url.js';
import { inProcessApi } from './in-process-api.js';
import type { PageRenderer, RenderedHead } from './renderer.js';

/** The id of the page's JSON script (web/src/app/page-data.ts reads it). */
const PAGE_DATA_ID = 'page-data';

export interface AppPageOptions {
  /** The page's status when the route knows better than the render (a closed ad: 410). */
  status?: number;
  /** A head the route built itself (a job ad's, from the database); it wins over the render's. */
  head?: PageHead;
}

/**
 * Sends a page of the web app: rendered on the server when there is a renderer (its content in
 * the HTML, hydrated by the browser), else the app's shell. A render that fails sends the shell
 * too — the browser then renders the page as it always could — and is logged.
 */
export function createAppPageSender(app: FastifyInstance, renderer: PageRenderer | null) {
  // Pages are always checked again (a route may have set a stricter header: keep that one).
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
    const started = performance.now();
    try {
      const api = inProcessApi(app, request);
      const page = await renderer.renderPage({ url: request.url, ...api });
      const head = options.head ?? headOf(request, page.head);
      const withHead = head ? withPageHead(app.webIndexHtml, head) : app.webIndexHtml;
      const html = withPageBody(withHead, page.html, PAGE_DATA_ID, page.pageData);
      return noCache(reply)
        .status(options.status ?? page.status)
        .header('server-timing', `ssr;dur=${(performance.now() - started).toFixed(1)}`)
        .type('text/html; charset=utf-8')
        .send(html);
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sending the app shell');
      return sendShell(reply, options.status ?? 200, options.head);
    }
  };
}
