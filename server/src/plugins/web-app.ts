import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PAGES } from '@jobbportalen/contracts';
import { inlineStylesheets } from '../web-pages/inline-styles.js';
import { jobPageStore } from '../web-pages/job-page-store.js';
import { startJobPageWarmer, WARM_ROUND_MS, type JobPageWarmer } from '../web-pages/job-page-warmer.js';
import { pageViewLimit } from '../web-pages/page-view-limit.js';
import { loadPageRenderer } from '../web-pages/renderer.js';
import { createAppPageSender, type AppPageOptions } from '../web-pages/send-app-page.js';
import { isClientPage } from './client-pages.js';
import { sendError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built index.html (or a stand-in page when the web app is not built); features fill in page metadata. */
    webIndexHtml: string;
    /** With a job page store and PUBLIC_URL: the warmer's rounds, to wait for one (tests, benches). */
    jobPageWarming: Pick<JobPageWarmer, 'nextRound'> | null;
    /** Sends a page of the app: server-rendered when the renderer is built, else the shell. */
    sendAppPage(
      request: FastifyRequest,
      reply: FastifyReply,
      options?: AppPageOptions,
    ): Promise<FastifyReply>;
  }
}

export interface WebAppOptions {
  /** The built web app (web/dist). Missing → a short page that says how to build it. */
  root: string;
  /** The built server renderer; default web/dist-server/entry-server.js beside `root`. */
  serverEntry?: string;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="sv">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="" />
    <title>Jobbportalen</title>
  </head>
  <body><p>Webbappen är inte byggd. Kör <code>npm run build</code>.</p></body>
</html>
`;

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built single-page app: real files as they are, and index.html for any other GET
 * outside /api so client-side routes (/jobb/123, /karriarguide …) survive a reload — with status
 * 404 for a path that is none of the app's pages. Unknown /api paths stay JSON 404s.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const indexFile = path.join(options.root, 'index.html');
  const built = fs.existsSync(indexFile);
  // Small and read on every page load: keep it in memory (a rebuild restarts the server anyway).
  app.decorate(
    'webIndexHtml',
    built ? inlineStylesheets(fs.readFileSync(indexFile, 'utf8'), options.root) : NOT_BUILT_PAGE,
  );
  const serverEntry = options.serverEntry ?? path.join(options.root, '..', 'dist-server', 'entry-server.js');
  const renderer = built ? await loadPageRenderer(serverEntry) : null;
  const { jobPageStoreDir, publicUrl } = app.config;
  const store =
    renderer && jobPageStoreDir
      ? jobPageStore({
          dir: jobPageStoreDir,
          warn: (error, message) => app.log.warn({ err: error }, message),
        })
      : null;
  app.decorate('sendAppPage', createAppPageSender(app, renderer, store));
  let warmer: JobPageWarmer | undefined;
  app.decorate(
    'jobPageWarming',
    store && publicUrl
      ? { nextRound: () => warmer?.nextRound() ?? Promise.reject(new Error('the server is not ready')) }
      : null,
  );
  if (store && publicUrl) {
    // Once the routes are all there (the job page's is registered after this plugin).
    app.addHook('onReady', async () => {
      warmer = startJobPageWarmer(app, {
        publicUrl,
        store,
        onRound: (round) => app.metrics.jobPageWarmRound(round),
      });
    });
    app.addHook('onClose', async () => warmer?.stop());
  } else if (store) {
    // No warmer (no PUBLIC_URL): pages are stored as visitors get them; old ones still go.
    const sweeping = setInterval(() => void store.sweep(), WARM_ROUND_MS).unref();
    app.addHook('onClose', async () => clearInterval(sweeping));
  }
  if (built) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      // web/scripts/precompress.mjs leaves .br and .gz copies beside the bundles at build time.
      preCompressed: true,
      // Hashed bundles never change; index.html must always be fresh.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  // Rendered pages count against the visitor's page views, refused in onRequest before any work:
  // those registered here and those registered after this plugin (the job page, seo.routes.ts).
  const pageViews = pageViewLimit(app);
  app.addHook('onRoute', (route) => pageViews.guardRoute(route));

  const sendIndex = (reply: FastifyReply, status = 200) =>
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(app.webIndexHtml);

  const samePageForEveryone = (pagePath: string) =>
    pagePath === PAGES.jobs.path || pagePath === PAGES.privacy.path;

  // The app's own pages as routes rather than only through the not-found handler: route hooks
  // such as the compression's are attached to routes, and the not-found handler gets none. (No
  // catch-all route: it would also take the over-long /jobb/:id ids the router answers with 414.)
  for (const page of Object.values(PAGES).filter((info) => info.servedByApp)) {
    app.get(page.path, { schema: { hide: true } }, (request, reply) =>
      page.serverRendered
        ? app.sendAppPage(request, reply, {
            // /integritet is the same for everyone too (its figures are settings): shared between
            // its visitors like a search page, so its ETag holds and a cache that has it gets 304.
            shareable: samePageForEveryone(page.path),
            landing: samePageForEveryone(page.path),
          })
        : sendIndex(reply),
    );
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404, 'NOT_FOUND', 'Hittades inte.');
    }
    if (isClientPage(url)) return sendIndex(reply);
    // 'Sidan finns inte', rendered like any public page, with status 404: a page view like them.
    if (await pageViews.refuse(request, reply)) return reply;
    return app.sendAppPage(request, reply, { status: 404 });
  });
});
