import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { FastifyTypedInstance } from '../../types.js';
import { escapeHtml, withPageHead } from './html-head.js';
import { jobPostingJsonLd, summarize } from './job-posting.js';

/** Sitemaps may list at most 50,000 URLs (sitemaps.org). */
const SITEMAP_LIMIT = 50_000;
const STATIC_PATHS = [
  '/',
  '/jobb',
  '/match',
  '/karriarguide',
  '/karriarguide/cv-guide',
  '/karriarguide/personligt-brev',
  '/karriarguide/intervjutips',
  '/for-arbetsgivare',
  '/kontakt',
];

function baseUrl(app: FastifyTypedInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * What crawlers need without running JavaScript: a job page whose HTML already carries its title,
 * description, canonical link and JobPosting data (live ads only), the right status for closed
 * (410) and unknown (404) ads, a sitemap of live ads and robots.txt.
 */
export async function seoRoutes(app: FastifyTypedInstance) {
  app.get(
    '/jobb/:id',
    { schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 100 }) }) } },
    async (request, reply) => {
      const row = await app.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      const site = app.config.siteName;
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!row) {
        return reply.status(404).send(
          withPageHead(app.webIndexHtml, {
            title: `Jobb ej hittat – ${site}`,
            description: 'Jobb ej hittat.',
            robots: 'noindex',
          }),
        );
      }
      const canonical = `${baseUrl(app, request)}/jobb/${encodeURIComponent(row.id)}`;
      const where = [row.company, row.location].filter(Boolean).join(', ');
      const title = `${row.title || 'Okänd titel'}${where ? ` – ${where}` : ''} | ${site}`;
      const description = summarize(row.descriptionText || row.title || 'Ingen beskrivning tillgänglig');
      if (row.removedAt) {
        return reply.status(410).send(
          withPageHead(app.webIndexHtml, {
            title: `Annonsen är inte längre aktuell: ${row.title} | ${site}`,
            description,
            robots: 'noindex',
          }),
        );
      }
      return reply.send(
        withPageHead(app.webIndexHtml, {
          title,
          description,
          canonical,
          jsonLd: jobPostingJsonLd(row, canonical, site),
        }),
      );
    },
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const base = baseUrl(app, request);
    const jobs = await app.db
      .selectFrom('jobs')
      .select(['id', 'updatedAt'])
      .where('removedAt', 'is', null)
      .orderBy('publishedAt', 'desc')
      .limit(SITEMAP_LIMIT - STATIC_PATHS.length)
      .execute();
    const url = (loc: string, lastmod?: Date) =>
      `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...STATIC_PATHS.map((path) => url(`${base}${path}`)),
      ...jobs.map((job) => url(`${base}/jobb/${encodeURIComponent(job.id)}`, job.updatedAt)),
      '</urlset>',
    ].join('\n');
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('application/xml; charset=utf-8')
      .send(body);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /api/',
      `Sitemap: ${baseUrl(app, request)}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(body);
  });
}
