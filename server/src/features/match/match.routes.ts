import multipart from '@fastify/multipart';
import { sharedLimit } from '../../plugins/rate-limit-store.js';
import type { FastifyTypedInstance } from '../../types.js';
import { CvReadersBusyError, readCvText } from './cv-text.js';
import { ExtractionPool } from './extraction-pool.js';
import { loadMatchConfig, type MatchConfig } from './match.config.js';
import { MatchError, MatchResponse } from './match.schemas.js';
import { findMatches } from './match.service.js';
import { extractProfile } from './profile.js';
import { MULTIPART_LIMITS, readMatchUpload } from './upload.js';

export interface MatchRoutesOptions {
  /** Defaults to the environment (see match.config.ts). */
  config?: Readonly<MatchConfig>;
}

/**
 * CV matching, mounted at /api/ai. The CV and the letter live only in this request's memory:
 * they are never written to disk or the database, and never logged (Fastify logs method, URL
 * and status, not bodies; nothing here logs text).
 */
export async function matchRoutes(app: FastifyTypedInstance, options: MatchRoutesOptions) {
  const config = options.config ?? loadMatchConfig();
  const pool = new ExtractionPool({
    timeoutMs: config.extractionTimeoutMs,
    memoryBudgetMb: config.extractionMemoryMb,
    maxHeapMb: config.extractionHeapMb,
  });
  app.addHook('onClose', async () => pool.close());

  // Registered in this scope only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.post(
    '/match',
    {
      config: { rateLimit: sharedLimit({ max: config.ratePerMinute, timeWindow: 60_000 }) },
      schema: {
        tags: ['matchning'],
        summary: 'Föreslå jobb utifrån ett CV och ett personligt brev',
        description:
          'multipart/form-data med fälten `cv` (en fil: PDF, DOCX eller DOC, högst 5 MB; typen avgörs av innehållet) ' +
          'och `letter` (text, högst 20 000 tecken). Svarar med upp till 20 jobb, var och ett med matchReason och score, ' +
          'och profilen som lästes ut ur CV:t.',
        consumes: ['multipart/form-data'],
        response: {
          200: MatchResponse,
          400: MatchError,
          413: MatchError,
          415: MatchError,
          422: MatchError,
          429: MatchError,
          503: MatchError,
        },
      },
    },
    async (request, reply) => {
      const upload = await readMatchUpload(request);
      const cvText = await readCvText(pool, upload.cv).catch((error: unknown) => {
        if (error instanceof CvReadersBusyError) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      });
      const profile = extractProfile(cvText, upload.letter);
      return findMatches(
        { client: app.searchEngine.client, indexUid: app.config.meiliIndex, embeddings: config.embeddings },
        profile,
        cvText,
      );
    },
  );
}
