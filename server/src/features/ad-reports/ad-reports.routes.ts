import { AD_REPORT_THANKS } from '@jobbportalen/contracts';
import type { FastifyRequest } from 'fastify';
import { perIpLimit } from '../../http/rate-limits.js';
import { errorResponses, MessageResponse } from '../../http/response-schemas.js';
import { swedishValidation, trimBodyFields } from '../../http/validation.js';
import type { FastifyTypedInstance } from '../../types.js';
import {
  AdReportBody,
  adReportMessages,
  HiddenAds,
  ModeratedJobParams,
  ReportedAds,
  ReportJobParams,
} from './ad-reports.schemas.js';
import {
  dismissReports,
  hideAd,
  listHiddenAds,
  listReportedAds,
  reportAd,
  reporterKey,
  unhideAd,
} from './ad-reports.service.js';

/** POST /api/jobs/:id/reports ('Anmäl annons'): anyone may report, logged in or not. */
export async function adReportRoutes(app: FastifyTypedInstance) {
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('jwtSecret is not configured: reporters cannot be told apart');

  app.post(
    '/:id/reports',
    {
      config: perIpLimit(app.config.rateLimits.reportsPerIp),
      preValidation: trimBodyFields(['message']),
      schemaErrorFormatter: swedishValidation(adReportMessages),
      schema: {
        tags: ['jobb'],
        summary: 'Anmäl en annons (diskriminerande, bedrägeri, begär betalning, BankID eller annat)',
        params: ReportJobParams,
        body: AdReportBody,
        response: { 202: MessageResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await reportAd(app.db, {
        jobId: request.params.id,
        reason: request.body.reason,
        message: request.body.message,
        reporterKey: reporterKey(secret, request.ip),
        userId: await signedInUserId(app, request),
      });
      return reply.status(202).send({ message: AD_REPORT_THANKS });
    },
  );
}

/** The reporter's account when the request carries a valid session; a report never needs one. */
async function signedInUserId(app: FastifyTypedInstance, request: FastifyRequest): Promise<string | null> {
  if (!request.headers.authorization) return null;
  return app.authenticate(request).then(
    () => request.user.id,
    () => null,
  );
}

/** 'Anmälda annonser': register INSIDE the admin scope (prefix /api/admin), which guards it. */
export async function adReportsAdminRoutes(app: FastifyTypedInstance) {
  const tags = ['admin'];
  const moderated = {
    params: ModeratedJobParams,
    response: { 200: MessageResponse, ...errorResponses(401, 403, 404) },
  };

  app.get(
    '/ad-reports',
    {
      schema: {
        tags,
        summary: 'Annonser med öppna anmälningar, mest anmälda först',
        response: { 200: ReportedAds, ...errorResponses(401, 403) },
      },
    },
    async () => ({ ads: await listReportedAds(app.db) }),
  );

  app.get(
    '/ad-reports/hidden',
    {
      schema: {
        tags,
        summary: 'Dolda annonser, senast dolda först',
        response: { 200: HiddenAds, ...errorResponses(401, 403) },
      },
    },
    async () => ({ ads: await listHiddenAds(app.db) }),
  );

  app.post(
    '/ad-reports/:jobId/hide',
    { schema: { tags, summary: 'Dölj annonsen (ur sökning, sitemap och bevakningar)', ...moderated } },
    async (request) => {
      await hideAd(app.db, request.params.jobId, request.user.id);
      return { message: 'Annonsen är dold.' };
    },
  );

  app.post(
    '/ad-reports/:jobId/dismiss',
    { schema: { tags, summary: 'Avvisa annonsens öppna anmälningar', ...moderated } },
    async (request) => {
      await dismissReports(app.db, request.params.jobId, request.user.id);
      return { message: 'Anmälan är avvisad.' };
    },
  );

  app.post(
    '/ad-reports/:jobId/unhide',
    { schema: { tags, summary: 'Visa en dold annons igen', ...moderated } },
    async (request) => {
      await unhideAd(app.db, request.params.jobId);
      return { message: 'Annonsen visas igen.' };
    },
  );
}
