import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PrefetchedAnswer } from './renderer.js';

/** Where instant-meilisearch's requests go: the server's own search proxy. */
const SEARCH_PROXY_PREFIX = '/api/search/';

const parse = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The API calls a page's render makes, answered in-process by the same routes the browser calls
 * (their validation, caches and limits included). They count as the visitor's own requests: the
 * rate limits see the visitor's address, so a flood of page loads is limited like a flood of API
 * calls, and no visitor can use up a limit that other visitors' pages share.
 */
export function inProcessApi(app: FastifyInstance, request: FastifyRequest) {
  const remoteAddress = request.ip;

  async function fetchApi(path: string): Promise<PrefetchedAnswer> {
    const response = await app.inject({
      method: 'GET',
      url: path,
      remoteAddress,
      headers: { accept: 'application/json' },
    });
    return { status: response.statusCode, body: parse(response.body) };
  }

  async function searchHttpClient(url: string | URL | Request, init?: RequestInit): Promise<unknown> {
    const target = new URL(url instanceof Request ? url.url : url);
    if (!target.pathname.startsWith(SEARCH_PROXY_PREFIX)) throw new Error(`Okänd sökväg: ${target.pathname}`);
    const response = await app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      remoteAddress,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload: typeof init?.body === 'string' ? init.body : '',
    });
    const body = parse(response.body);
    if (response.statusCode >= 400) {
      throw Object.assign(new Error(`Sökningen svarade ${response.statusCode}`), { body });
    }
    return body;
  }

  return { fetchApi, searchHttpClient };
}
