import { createHash } from 'node:crypto';
import { Type } from '@fastify/type-provider-typebox';
import { jobPagePath, SITEMAP_PATHS } from '@jobbportalen/contracts';
import { findJobWithLiveness, liveJobsNewestFirst, type JobRow } from '@jobbportalen/storage';
import type { FastifyTypedInstance } from '../../types.js';
import { JOB_PAGE_ANSWER_COLUMNS, jobPageAnswers } from '../../web-pages/direct-answers.js';
import { jobPageStoreName } from '../../web-pages/job-page-store.js';
import { escapeHtml } from './html-head.js';
import { JOB_POSTING_COLUMNS, jobPostingJsonLd, summarize } from './job-posting.js';
import { publicBaseUrl } from './public-base-url.js';

/** What a job page's route reads of the ad: its answers, its JobPosting and its version. */
const JOB_PAGE_COLUMNS = [
  ...new Set([...JOB_PAGE_ANSWER_COLUMNS, ...JOB_POSTING_COLUMNS, 'updatedAt', 'lastConfirmedAt'] as const),
];

/** Sitemaps may list at most 50,000 URLs (sitemaps.org). */
const SITEMAP_LIMIT = 50_000;

/** Cache-Control for an answer with absolute URLs: no cache may keep one built on an untrusted base. */
const cacheControl = (cacheable: boolean, otherwise: string) => (cacheable ? otherwise : 'no-store');

/**
 * What a job page is made of, as a version: the ad as stored (every change moves `updatedAt`; a
 * snapshot confirming it moves `lastConfirmedAt`, which the page shows) and the address its links
 * are built on (the same ad reached under another host name is another page).
 */
function jobPageVersion(row: Pick<JobRow, 'updatedAt' | 'lastConfirmedAt'>, canonical: string): string {
  const times = [row.updatedAt, row.lastConfirmedAt].map((time) =>
    time ? new Date(time).getTime().toString(36) : '-',
  );
  const address = createHash('sha256').update(canonical).digest('base64url').slice(0, 8);
  return `${times.join('.')}.${address}`;
}

/**
 * What crawlers need without running JavaScript: a job page whose HTML already carries its title,
 * description, canonical link and JobPosting data (live ads only), the right status for closed
 * (410) and unknown (404) ads, a sitemap of live ads and robots.txt.
 */
export async function seoRoutes(app: FastifyTypedInstance) {
  // A live ad's page is built from the row read here: the ad itself and its 'Liknande jobb'.
  const answersOf = jobPageAnswers(app);

  app.get(
    '/jobb/:id',
    { schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 100 }) }) } },
    async (request, reply) => {
      const row = await findJobWithLiveness(app.db, request.params.id, JOB_PAGE_COLUMNS);
      const site = app.config.siteName;
      if (!row) {
        return app.sendAppPage(request, reply, {
          status: 404,
          head: { title: `Jobb ej hittat – ${site}`, description: 'Jobb ej hittat.', robots: 'noindex' },
        });
      }
      const base = publicBaseUrl(app, request);
      const canonical = `${base.url}${jobPagePath(row.id)}`;
      const where = [row.company, row.location].filter(Boolean).join(', ');
      const title = `${row.title || 'Okänd titel'}${where ? ` – ${where}` : ''} | ${site}`;
      const description = summarize(row.descriptionText || row.title || 'Ingen beskrivning tillgänglig');
      // Removed by the feed, or hidden by an admin after a report.
      if (!row.live) {
        return app.sendAppPage(request, reply, {
          status: 410,
          head: {
            title: `Annonsen är inte längre aktuell: ${row.title} | ${site}`,
            description,
            robots: 'noindex',
          },
        });
      }
      const head = { title, description, canonical, jsonLd: jobPostingJsonLd(row, canonical, site) };
      // Built on an untrusted base, the page is this request's alone: no cache may keep it.
      if (!base.cacheable) {
        reply.header('cache-control', 'no-store');
        return app.sendAppPage(request, reply, { head, answers: () => answersOf(row) });
      }
      const ownAddress = request.url === jobPagePath(row.id);
      return app.sendAppPage(request, reply, {
        head,
        version: jobPageVersion(row, canonical),
        // Stored on disk at the ad's own address only: a query string would make a file per variant.
        ...(ownAddress ? { storedAs: jobPageStoreName(base.url, row.id) } : {}),
        answers: () => answersOf(row),
      });
    },
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const base = publicBaseUrl(app, request);
    const jobs = await liveJobsNewestFirst(app.db, SITEMAP_LIMIT - SITEMAP_PATHS.length);
    const url = (loc: string, lastmod?: Date) =>
      `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...SITEMAP_PATHS.map((path) => url(`${base.url}${path}`)),
      ...jobs.map((job) => url(`${base.url}${jobPagePath(job.id)}`, job.updatedAt)),
      '</urlset>',
    ].join('\n');
    return reply
      .header('cache-control', cacheControl(base.cacheable, 'public, max-age=300'))
      .type('application/xml; charset=utf-8')
      .send(body);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const base = publicBaseUrl(app, request);
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /api/',
      `Sitemap: ${base.url}/sitemap.xml`,
      '',
    ].join('\n');
    return reply
      .header('cache-control', cacheControl(base.cacheable, 'public, max-age=3600'))
      .type('text/plain; charset=utf-8')
      .send(body);
  });
}
