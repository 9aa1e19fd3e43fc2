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

/** What the proxy works with: the connection to Meilisearch, the one index it serves, the log. */
export interface SearchProxyDependencies {
  upstream: SearchUpstream;
  publicIndex: string;
  log: FastifyBaseLogger;
}

async function call(deps: SearchProxyDependencies, path: string, body: object): Promise<UpstreamAnswer> {
  try {
    return await deps.upstream.post(path, JSON.stringify(body));
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) {
      deps.log.error({ err: error }, 'search proxy: Meilisearch unreachable');
      throw serviceUnavailable('Sökningen är tillfälligt otillgänglig. Försök igen om en stund.');
    }
    throw error;
  }
}

async function answer(deps: SearchProxyDependencies, reply: FastifyReply, upstreamAnswer: UpstreamAnswer) {
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
  deps.log.error(
    { status: upstreamAnswer.status, code: error.code, reason: error.message },
    'search proxy: Meilisearch refused',
  );
  throw serviceUnavailable('Sökningen är tillfälligt otillgänglig. Försök igen om en stund.');
}

/**
 * The browser's way into Meilisearch: checks what it asks for, adds the key, and passes the
 * answer through as Meilisearch wrote it (hits are never parsed and re-serialised here).
 */
export async function proxyMultiSearch(
  deps: SearchProxyDependencies,
  body: MultiSearchBody,
  reply: FastifyReply,
) {
  for (const query of body.queries) {
    if (query.indexUid !== deps.publicIndex) throw notPublic();
    assertFilterWithinLimits(query.filter);
    assertJobSearchAttributes(query);
  }
  return answer(deps, reply, await call(deps, 'multi-search', body));
}

/** A facet-value search in the public index, passed on with only the parameters it allows. */
export async function proxyFacetSearch(
  deps: SearchProxyDependencies,
  uid: string,
  body: FacetSearchBody,
  reply: FastifyReply,
) {
  if (uid !== deps.publicIndex) throw notPublic();
  assertFilterWithinLimits(body.filter);
  assertJobSearchAttributes(body);
  const forwarded: Record<string, unknown> = {};
  for (const key of FACET_SEARCH_FORWARDED) if (body[key] !== undefined) forwarded[key] = body[key];
  return answer(deps, reply, await call(deps, `indexes/${encodeURIComponent(uid)}/facet-search`, forwarded));
}
