import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { SearchEngine } from '@jobbportalen/storage';

export interface UpstreamAnswer {
  status: number;
  /** The body as a stream: passed on untouched when the search succeeded. */
  body: Readable;
}

export interface SearchUpstream {
  post(path: string, json: string): Promise<UpstreamAnswer>;
  close(): void;
}

/** Thrown when Meilisearch cannot be reached or does not answer in time. */
export class UpstreamUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`search engine unreachable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'UpstreamUnavailableError';
  }
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs to Meilisearch over kept-alive connections (a new TCP connection per search would cost
 * more than the search), with the key added here so the browser never sees it.
 */
export function createSearchUpstream(baseUrl: string, apiKey: string): SearchUpstream {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const transport = base.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  const authorization = apiKey ? { authorization: `Bearer ${apiKey}` } : {};

  return {
    post(path, json) {
      const url = new URL(path.replace(/^\//, ''), base);
      return new Promise((resolve, reject) => {
        const request = transport.request(url, {
          method: 'POST',
          agent,
          headers: {
            ...authorization,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(json),
          },
        });
        // One small write per request: never hold it back waiting for an ACK (Nagle).
        request.setNoDelay(true);
        request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
        request.once('response', (response) =>
          resolve({ status: response.statusCode ?? 502, body: response }),
        );
        request.once('error', (error) => reject(new UpstreamUnavailableError(error)));
        request.end(json);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * Whether an answer is worth asking another replica for: it broke (5xx) or has lost the index —
 * 404 for a search of one index, 400 `index_not_found` inside a multi-search. A 400 is read to
 * tell; its body is given back as a fresh stream for the caller (it is small: an error).
 */
async function replicaFailed(answer: UpstreamAnswer): Promise<{ failed: boolean; answer: UpstreamAnswer }> {
  if (answer.status >= 500 || answer.status === 404) return { failed: true, answer };
  if (answer.status !== 400) return { failed: false, answer };
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  let code: unknown;
  try {
    code = (JSON.parse(body.toString('utf8')) as { code?: unknown } | null)?.code;
  } catch {
    code = undefined;
  }
  return { failed: code === INDEX_NOT_FOUND, answer: { status: answer.status, body: Readable.from([body]) } };
}

/** Meilisearch's code for a search of an index it does not have (a wiped or new replica). */
export const INDEX_NOT_FOUND = 'index_not_found';

/**
 * The proxy's way to Meilisearch with replicas: each search goes to the replica the engine's read
 * router picks (reachable, live, caught up; round-robin), and one that cannot be reached, does not
 * answer in time, fails with a 5xx or has lost the index gets the same search sent once to
 * another — so losing a replica costs no search.
 */
export function createReplicaUpstream(
  engine: Pick<SearchEngine, 'replicas' | 'reads' | 'apiKey'>,
): SearchUpstream {
  const upstreams = new Map(
    engine.replicas.map((replica) => [replica.id, createSearchUpstream(replica.url, engine.apiKey)]),
  );
  return {
    async post(path, json) {
      const tried = new Set<string>();
      for (;;) {
        const replica = engine.reads.choose(tried) ?? engine.replicas[0]!;
        tried.add(replica.id);
        const retry = engine.reads.hasAlternative(tried) && tried.size < 2;
        try {
          const first = await upstreams.get(replica.id)!.post(path, json);
          if (!retry) return first;
          const { failed, answer } = await replicaFailed(first);
          if (!failed) return answer;
          answer.body.resume();
        } catch (error) {
          if (!retry) throw error;
        }
        engine.reads.failed(replica);
      }
    },
    close() {
      for (const upstream of upstreams.values()) upstream.close();
    },
  };
}

const MAX_ERROR_BODY = 64 * 1024;

/** Reads an error answer (small; anything past 64 kB is dropped). */
export async function readJson(body: Readable): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size <= MAX_ERROR_BODY) chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}
