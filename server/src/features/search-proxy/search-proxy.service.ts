import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AppError, serviceUnavailable } from '../../errors.js';
import { canonicalJson, type QuestionCache } from '../../search/question-cache.js';
import { assertFilterWithinLimits, assertJobSearchAttributes } from './search-filter.js';
import { searchRefusal } from './search-refusal.js';
import {
  FACET_SEARCH_FORWARDED,
  type FacetSearchBody,
  type MultiSearchBody,
} from './search-proxy.schemas.js';
import {
  INDEX_NOT_FOUND,
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
 * What the proxy works with: the connection to Meilisearch, the one index it serves, the log and
 * the server's question cache (answers of identical checked questions, shared with /api/jobs).
 */
export interface SearchProxyDependencies {
  upstream: SearchUpstream;
  publicIndex: string;
  log: FastifyBaseLogger;
  cache: QuestionCache;
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

/** A successful answer's body, whole (it is kept by the question cache); a refusal throws. */
async function answerBody(deps: SearchProxyDependencies, upstreamAnswer: UpstreamAnswer): Promise<Buffer> {
  if (upstreamAnswer.status === 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of upstreamAnswer.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  const error = ((await readJson(upstreamAnswer.body)) ?? {}) as MeiliError;
  // The client's mistake (a filter on an unknown attribute, a bad sort): our 400, with
  // Meilisearch's reason in the log only. A missing index is not: the proxy only lets the public
  // index through, so it is ours to fix.
  if ((upstreamAnswer.status === 400 || upstreamAnswer.status === 413) && error.code !== INDEX_NOT_FOUND) {
    deps.log.info(
      { status: upstreamAnswer.status, code: error.code, reason: error.message },
      'search proxy: Meilisearch refused the search',
    );
    throw searchRefusal(error.code);
  }
  // A wrong key, a missing index, an overloaded or broken engine: ours to fix, not the client's.
  deps.log.error(
    { status: upstreamAnswer.status, code: error.code, reason: error.message },
    'search proxy: Meilisearch refused',
  );
  throw serviceUnavailable('Sökningen är tillfälligt otillgänglig. Försök igen om en stund.');
}

/**
 * Asks Meilisearch `body` at `path` — or not: an identical question answered under the current
 * search generation a moment ago (or being answered now) gives its answer again. The key is the
 * checked question in canonical JSON, so the order of its parameters does not matter.
 */
function answerOf(deps: SearchProxyDependencies, path: string, body: object): Promise<Buffer> {
  return deps.cache.get(
    `proxy:${path}:${canonicalJson(body)}`,
    async () => answerBody(deps, await call(deps, path, body)),
    (buffer) => buffer.length,
  );
}

/** An answer as Meilisearch wrote it: hits are never parsed and re-serialised here. */
const sent = (reply: FastifyReply, answer: Buffer) =>
  reply.code(200).type('application/json; charset=utf-8').send(answer);

/**
 * A multi-search of the public index, checked (the index, the filter's size, the attributes)
 * and answered as Meilisearch wrote it; refused with an AppError. The route's and, for a
 * server-rendered search page, the render's own way in (in-process-api.ts).
 */
export async function answerMultiSearch(
  deps: SearchProxyDependencies,
  body: MultiSearchBody,
): Promise<Buffer> {
  for (const query of body.queries) {
    if (query.indexUid !== deps.publicIndex) throw notPublic();
    assertFilterWithinLimits(query.filter);
    assertJobSearchAttributes(query);
  }
  return answerOf(deps, 'multi-search', body);
}

/** The browser's way into Meilisearch: checks what it asks for, adds the key, passes the answer on. */
export async function proxyMultiSearch(
  deps: SearchProxyDependencies,
  body: MultiSearchBody,
  reply: FastifyReply,
) {
  return sent(reply, await answerMultiSearch(deps, body));
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
  return sent(reply, await answerOf(deps, `indexes/${encodeURIComponent(uid)}/facet-search`, forwarded));
}
