import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MultiSearchBody } from '../features/search-proxy/search-proxy.schemas.js';
import type { SearchProxyDependencies } from '../features/search-proxy/search-proxy.service.js';
import { createReplicaUpstream } from '../features/search-proxy/search-upstream.js';

/** The search proxy's connection and caches, and its reading of a multi-search. */
export interface SearchProxy {
  deps: SearchProxyDependencies;
  /**
   * A multi-search body read as POST /api/search/multi-search reads it (its schema, unknown
   * parameters refused); undefined when refused, for the route to say why in its 400.
   */
  readMultiSearch(body: unknown): MultiSearchBody | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One per server: the proxy's routes (/api/search) and the server's own render of a search
     * page, which asks its search of the proxy directly rather than by an in-process request.
     */
    searchProxy: SearchProxy;
  }
}

export const searchProxyPlugin = fp(async (app: FastifyInstance) => {
  const upstream = createReplicaUpstream(app.searchEngine);
  app.addHook('onClose', async () => upstream.close());
  // The route's own validator (search-proxy.routes.ts), compiled once.
  const validate = TypeBoxValidatorCompiler({
    schema: MultiSearchBody,
    httpPart: 'body',
    method: 'POST',
    url: '/api/search/multi-search',
  });
  app.decorate('searchProxy', {
    deps: { upstream, publicIndex: app.config.meiliIndex, log: app.log, cache: app.questionCache },
    readMultiSearch(body) {
      const checked = validate(body) as { value?: unknown; error?: unknown };
      return checked.error === undefined ? (checked.value as MultiSearchBody) : undefined;
    },
  });
});
