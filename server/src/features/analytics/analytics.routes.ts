import { perIpLimit } from '../../http/rate-limits.js';
import { errorResponses, NoContent } from '../../http/response-schemas.js';
import { swedishValidation } from '../../http/validation.js';
import type { FastifyTypedInstance } from '../../types.js';
import { PageViewBody, pageViewMessages, PageViewsPerDay, PageViewsQuery } from './analytics.schemas.js';
import { pageViewsPerDay, recordPageView } from './analytics.service.js';

/**
 * POST /api/analytics/pageview, mounted at /api/analytics. Counts a view per day and path and
 * nothing else: no cookie is set and neither the IP nor the referrer is stored.
 */
export async function analyticsRoutes(app: FastifyTypedInstance) {
  app.post(
    '/pageview',
    {
      config: perIpLimit(app.config.rateLimits.pageViewsPerIp),
      bodyLimit: 16 * 1024,
      schemaErrorFormatter: swedishValidation(pageViewMessages),
      schema: {
        tags: ['statistik'],
        summary: 'Registrera en sidvisning',
        body: PageViewBody,
        response: { 204: NoContent, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await recordPageView(app.db, request.body.path);
      return reply.status(204).send(null);
    },
  );
}

/** GET /api/admin/analytics/pageviews: register inside the admin scope. */
export async function analyticsAdminRoutes(app: FastifyTypedInstance) {
  app.get(
    '/analytics/pageviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sidvisningar per dag',
        querystring: PageViewsQuery,
        response: { 200: PageViewsPerDay, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => pageViewsPerDay(app.db, request.query.days),
  );
}
