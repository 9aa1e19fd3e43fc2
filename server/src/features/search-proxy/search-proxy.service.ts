import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AppError, badRequest, serviceUnavailable } from '../../errors.js';
import { assertFilterWithinLimits, assertJobSearchAttributes } from './search-filter.js';
import {
  FACET_SEARCH_FORWARDED,
  type FacetSearchBody,
  type MultiSearchBody,
} from './search-proxy.schemas.js';
import {
  readJson,
  UpstreamUnavailableError,
  type SearchUpstream,
  type UpstreamAnswer,
} from './search-upstream.js';

interface MeiliError {
  code?: string;
  message?: string;
}

const notPublic = () => new AppError(403, 'FORBIDDEN', 'Det går bara att söka i jobbindexet.');

/**
 * The browser's way into Meilisearch: checks what it asks for, adds the key, and passes the
 * answer through as Meilisearch wrote it (hits are never parsed and re-serialised here).
 */
export function createSearchProxy(options: {
  upstream: SearchUpstream;
  publicIndex: string;
  log: FastifyBaseLogger;
}) {
  const { upstream, publicIndex, log } = options;

  async function call(path: string, body: object): Promise<UpstreamAnswer> {
    try {
      return await upstream.post(path, JSON.stringify(body));
    } catch (error) {
      if (error instanceof UpstreamUnavailableError) {
        log.error({ err: error }, 'search proxy: Meilisearch unreachable');
        throw serviceUnavailable('Sökningen är tillfälligt otillgänglig. Försök igen om en stund.');
      }
      throw error;
    }
  }

  async function answer(reply: FastifyReply, upstreamAnswer: UpstreamAnswer) {
    if (upstreamAnswer.status === 200) {
      return reply.code(200).type('application/json; charset=utf-8').send(upstreamAnswer.body);
    }
    const error = ((await readJson(upstreamAnswer.body)) ?? {}) as MeiliError;
    // The client's mistake (a filter on an unknown attribute, a bad sort): say what Meilisearch said.
    if (upstreamAnswer.status === 400 || upstreamAnswer.status === 413) {
      throw badRequest('Ogiltig sökning.', {
        details: { searchEngineCode: error.code ?? null, reason: error.message ?? null },
      });
    }
    // A wrong key, a missing index, an overloaded or broken engine: ours to fix, not the client's.
    log.error(
      { status: upstreamAnswer.status, code: error.code, reason: error.message },
      'search proxy: Meilisearch refused',
    );
    throw serviceUnavailable('Sökningen är tillfälligt otillgänglig. Försök igen om en stund.');
  }

  return {
    async multiSearch(body: MultiSearchBody, reply: FastifyReply) {
      for (const query of body.queries) {
        if (query.indexUid !== publicIndex) throw notPublic();
        assertFilterWithinLimits(query.filter);
        assertJobSearchAttributes(query);
      }
      return answer(reply, await call('multi-search', body));
    },

    async facetSearch(uid: string, body: FacetSearchBody, reply: FastifyReply) {
      if (uid !== publicIndex) throw notPublic();
      assertFilterWithinLimits(body.filter);
      assertJobSearchAttributes(body);
      const forwarded: Record<string, unknown> = {};
      for (const key of FACET_SEARCH_FORWARDED) if (body[key] !== undefined) forwarded[key] = body[key];
      return answer(reply, await call(`indexes/${encodeURIComponent(uid)}/facet-search`, forwarded));
    },
  };
}
