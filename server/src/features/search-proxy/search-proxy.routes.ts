import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { searchRateLimit } from '../../http/rate-limits.js';
import { errorResponses } from '../../http/response-schemas.js';
import type { FastifyTypedInstance } from '../../types.js';
import {
  FacetSearchBody,
  FacetSearchParams,
  FacetSearchResponse,
  MultiSearchBody,
  MultiSearchResponse,
} from './search-proxy.schemas.js';
import { proxyFacetSearch, proxyMultiSearch } from './search-proxy.service.js';

/**
 * The Meilisearch endpoints instant-meilisearch calls, under /api/search (its host URL):
 * POST /multi-search and POST /indexes/:uid/facet-search, for the public jobs index only.
 */
export async function searchProxyRoutes(app: FastifyTypedInstance) {
  // The connection to Meilisearch and the caches, shared with the server's page renders.
  const proxy = app.searchProxy.deps;
  const common = {
    config: searchRateLimit(app.config),
    bodyLimit: 64 * 1024,
    // The app's validator drops unknown properties; here an unknown parameter must be refused.
    validatorCompiler: TypeBoxValidatorCompiler,
  };

  app.post(
    '/multi-search',
    {
      ...common,
      schema: {
        tags: ['sök'],
        summary: 'Sök i jobbindexet (Meilisearch multi-search, för instant-meilisearch)',
        body: MultiSearchBody,
        response: { 200: MultiSearchResponse, ...errorResponses(400, 403, 429, 503) },
      },
    },
    (request, reply) => proxyMultiSearch(proxy, request.body, reply),
  );

  app.post(
    '/indexes/:uid/facet-search',
    {
      ...common,
      schema: {
        tags: ['sök'],
        summary: 'Sök bland värdena i en facett (Meilisearch facet-search)',
        params: FacetSearchParams,
        body: FacetSearchBody,
        response: { 200: FacetSearchResponse, ...errorResponses(400, 403, 429, 503) },
      },
    },
    (request, reply) => proxyFacetSearch(proxy, request.params.uid, request.body, reply),
  );
}
