import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createQuestionCache, type QuestionCache } from '../search/question-cache.js';
import { searchGeneration } from '../search/search-generation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of repeated search questions, shared by the search proxy and /api/jobs. */
    questionCache: QuestionCache;
  }
}

/** One question cache per server, its answers checked against the index's generation in Postgres. */
export const questionCachePlugin = fp(async (app: FastifyInstance) => {
  const generation = searchGeneration(
    app.db,
    app.config.meiliIndex,
    app.searchEngine.replicas.map((replica) => replica.id),
  );
  app.decorate(
    'questionCache',
    createQuestionCache({
      ttlMs: app.config.searchCacheMs,
      maxEntries: app.config.searchCacheEntries,
      generation: generation.current,
    }),
  );
});
