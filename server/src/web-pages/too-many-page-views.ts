import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../features/seo/html-head.js';

/**
 * The page a visitor gets who has viewed too many pages too fast: small and fixed, made once when
 * the server starts, so refusing a flood costs no render, no database and no search.
 */
export function tooManyPageViewsPage(siteName: string): string {
  return `<!doctype html>
<html lang="sv">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>För många sidvisningar – ${escapeHtml(siteName)}</title>
  </head>
  <body>
    <main>
      <h1>För många sidvisningar</h1>
      <p>Vi har fått väldigt många sidvisningar från din adress på kort tid. Vänta en liten stund och ladda sedan om sidan.</p>
    </main>
  </body>
</html>
`;
}

/** Sends `page` (tooManyPageViewsPage) as a 429 that no cache keeps, with when to come back. */
export function sendTooManyPageViews(reply: FastifyReply, page: string, retryAfterSeconds: number) {
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}
