import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { answerMultiSearch } from '../features/search-proxy/search-proxy.service.js';
import { errorBody } from '../plugins/error-handler.js';
import type { PrefetchedAnswer } from './renderer.js';

/** Where instant-meilisearch's requests go: the server's own search proxy. */
const SEARCH_PROXY_PREFIX = '/api/search/';
const MULTI_SEARCH_PATH = `${SEARCH_PROXY_PREFIX}multi-search`;

/** An in-process answer outside 2xx: a page built from it is this visitor's alone. */
export interface InProcessProblem {
  method: 'GET' | 'POST';
  /** The API path, without its query (the page's own address is logged beside it). */
  path: string;
  status: number;
  /** From a 429's Retry-After. */
  retryAfterSeconds?: number;
}

const parse = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const isSuccess = (status: number) => status >= 200 && status < 300;

function problemOf(
  method: InProcessProblem['method'],
  url: string,
  response: { statusCode: number; headers: Record<string, unknown> },
): InProcessProblem {
  const retryAfter = Number(response.headers['retry-after']);
  return {
    method,
    path: url.split('?', 1)[0]!,
    status: response.statusCode,
    ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
  };
}

/**
 * The API calls a page's render makes: those the route or the server answers directly (see
 * direct-answers.ts, and the search below), the others in-process by the same routes the browser
 * calls (their validation, caches and limits included). Those count as the visitor's own requests:
 * the rate limits see the visitor's address, so no visitor can use up a limit that other visitors'
 * pages share. What is answered directly is the render's own cost, which the page-view limit
 * (page-view-limit.ts) bounds per visitor before any of it runs.
 *
 * Every answer outside 2xx is noted (`problem`): such a page must not be shared. Once one answer
 * is a 429 (`refusal`) the page is refused as a whole, so the calls still to come are refused here
 * without asking the routes — the rest of that render costs next to nothing.
 */
export function inProcessApi(
  app: FastifyInstance,
  request: FastifyRequest,
  answers: {
    /** Answers the page's route has already, by path. */
    known?: Readonly<Record<string, PrefetchedAnswer>>;
    /** Answers the server gives without a request (direct-answers.ts); undefined: not one of them. */
    direct?: (path: string, request: FastifyRequest) => Promise<PrefetchedAnswer> | undefined;
  } = {},
) {
  const remoteAddress = request.ip;
  let problem: InProcessProblem | undefined;
  let refusal: InProcessProblem | undefined;

  const note = (found: InProcessProblem) => {
    problem ??= found;
    if (found.status === 429) refusal ??= found;
  };

  async function fetchApi(path: string): Promise<PrefetchedAnswer> {
    if (refusal) return { status: 429, body: null };
    const given = answers.known?.[path] ?? answers.direct?.(path, request);
    if (given) {
      const answer = await given;
      if (!isSuccess(answer.status))
        note({ method: 'GET', path: path.split('?', 1)[0]!, status: answer.status });
      return answer;
    }
    const response = await app.inject({
      method: 'GET',
      url: path,
      remoteAddress,
      headers: { accept: 'application/json' },
    });
    if (!isSuccess(response.statusCode)) note(problemOf('GET', path, response));
    return { status: response.statusCode, body: parse(response.body) };
  }

  /**
   * The render's searches (instant-meilisearch's requests to /api/search): a multi-search the
   * proxy's schema reads is answered by the proxy directly — its checks, its question cache, the
   * same bytes — without an in-process request; anything else (a facet search, a body the schema
   * refuses) is asked of the route, for its answer and its 400.
   */
  async function searchHttpClient(url: string | URL | Request, init?: RequestInit): Promise<unknown> {
    const target = new URL(url instanceof Request ? url.url : url);
    if (!target.pathname.startsWith(SEARCH_PROXY_PREFIX)) throw new Error(`Okänd sökväg: ${target.pathname}`);
    if (refusal) throw new Error('Sökningen svarade 429');
    const payload = typeof init?.body === 'string' ? init.body : '';
    const multiSearch =
      target.pathname === MULTI_SEARCH_PATH ? app.searchProxy.readMultiSearch(parse(payload)) : undefined;
    if (multiSearch) {
      try {
        return JSON.parse((await answerMultiSearch(app.searchProxy.deps, multiSearch)).toString('utf8'));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        note({ method: 'POST', path: target.pathname, status: error.statusCode });
        throw Object.assign(new Error(`Sökningen svarade ${error.statusCode}`), {
          body: errorBody(error.code, error.message, error.details),
        });
      }
    }
    const response = await app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      remoteAddress,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload,
    });
    const body = parse(response.body);
    if (!isSuccess(response.statusCode)) note(problemOf('POST', target.pathname, response));
    if (response.statusCode >= 400) {
      throw Object.assign(new Error(`Sökningen svarade ${response.statusCode}`), { body });
    }
    return body;
  }

  return {
    fetchApi,
    searchHttpClient,
    /** The first answer outside 2xx, if any. */
    get problem() {
      return problem;
    },
    /** The first 429, if any. */
    get refusal() {
      return refusal;
    },
  };
}
