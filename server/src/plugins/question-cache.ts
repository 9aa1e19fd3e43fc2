import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobsDependencies, type JobsDependencies } from '../features/jobs/jobs.service.js';
import { createQuestionCache, type QuestionCache } from '../search/question-cache.js';
import { searchGeneration } from '../search/search-generation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of repeated search questions, shared by the search proxy and /api/jobs. */
    questionCache: QuestionCache;
    /**
     * Server-rendered search pages (/jobb?…) by address: the page form of the same questions,
     * dropped at the same moment (a new search generation), else kept SEARCH_PAGE_CACHE_MS.
     */
    searchPageCache: QuestionCache;
    /**
     * What the jobs service searches with, one per server: the routes and the pages' direct
     * answers share its caches (the facet values behind 'Ort', 'Omfattning' …), not one each.
     */
    jobs: JobsDependencies;
  }
}

/** One question cache per server, its answers checked against the index's generation in Postgres. */
export const questionCachePlugin = fp(async (app: FastifyInstance) => {
  const generation = searchGeneration(
    app.db,
    app.config.meiliIndex,
    app.searchEngine.replicas.map((replica) => replica.id),
    // PGlite: the indexer writing search_replicas can only be in this process.
    { onlyWriterHere: app.database.kind === 'pglite' },
  );
  app.addHook('onClose', async () => generation.close());
  const unwatch = app.metrics.watch({ generation: generation.current });
  app.addHook('onClose', async () => unwatch());
  app.decorate(
    'questionCache',
    createQuestionCache({
      ttlMs: app.config.searchCacheMs,
      maxEntries: app.config.searchCacheEntries,
      generation: generation.current,
      observer: app.metrics.questionCache('questions'),
    }),
  );
  app.decorate(
    'searchPageCache',
    createQuestionCache({
      ttlMs: app.config.searchPageCacheMs,
      // A /jobb page is kept compressed (EncodedPage.kept), some 20–25 KB: about 2,000 searches.
      maxEntries: SEARCH_PAGES_KEPT,
      maxBytes: 48 * 1024 * 1024,
      generation: generation.current,
      observer: app.metrics.questionCache('pages'),
    }),
  );
  app.decorate('jobs', jobsDependencies(app.searchEngine, app.config.meiliIndex, app.questionCache));
});

const SEARCH_PAGES_KEPT = 2_000;
