import { SearchReplicasAnswer } from '@jobbportalen/contracts/api/search-replicas';
import type { FastifyTypedInstance } from '../../types.js';
import { replicaStatuses } from '../../search/replica-reads.js';

/**
 * The details /readyz keeps from the public: every Meilisearch replica's health, state, lag and
 * document count (registered inside the admin scope: operators only).
 */
export async function searchReplicasAdminRoutes(app: FastifyTypedInstance) {
  app.get(
    '/search-replicas',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sökmotorns repliker: hälsa, eftersläpning och antal dokument',
        response: { 200: SearchReplicasAnswer },
      },
    },
    async () => ({
      replicas: await replicaStatuses(app.searchEngine.replicas, app.db, app.config.meiliIndex),
    }),
  );
}
