import multipart from '@fastify/multipart';
import { errorResponses } from '../../http/response-schemas.js';
import { perIpLimit } from '../../http/rate-limits.js';
import type { FastifyTypedInstance } from '../../types.js';
import { CvReadersBusyError } from './extraction/cv-text.js';
import { MULTIPART_LIMITS, readMatchUpload } from './extraction/upload.js';
import { MatchResponse } from './match.schemas.js';

/**
 * CV matching, mounted at /api/ai. The CV and the letter live only in this request's memory:
 * they are never written to disk or the database, and never logged (Fastify logs method, URL
 * and status, not bodies; nothing here logs text).
 */
export async function matchRoutes(app: FastifyTypedInstance) {
  const config = app.config.match;
  const service = app.matchService;

  // Registered in this scope only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.post(
    '/match',
    {
      config: perIpLimit(config.ratePerMinute),
      schema: {
        tags: ['matchning'],
        summary: 'Föreslå jobb utifrån ett CV och ett personligt brev',
        description:
          'multipart/form-data med fälten `cv` (en fil: PDF, DOCX eller DOC, högst 5 MB; typen avgörs av innehållet) ' +
          'och `letter` (text, högst 20 000 tecken). Svarar med upp till 20 jobb, var och ett med matchReason och score, ' +
          'och profilen som lästes ut ur CV:t.',
        consumes: ['multipart/form-data'],
        response: { 200: MatchResponse, ...errorResponses(400, 413, 415, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const upload = await readMatchUpload(request);
      return service.match(upload).catch((error: unknown) => {
        if (error instanceof CvReadersBusyError) {
          reply.header('retry-after', error.retryAfterSeconds);
          app.metrics.cvRefused();
        }
        throw error;
      });
    },
  );
}
