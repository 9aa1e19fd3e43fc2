import autocannon from 'autocannon';
import type { LoadRequest } from './load.js';

/** A request with the name of the kind it counts under (a page type, say). */
export interface TaggedRequest extends LoadRequest {
  tag: string;
}

/** One answered request: its kind, status, end-to-end time and the response headers asked for. */
export interface ResponseSample {
  tag: string;
  status: number;
  /** From writing the request to the last byte of the answer, as autocannon measures it. */
  ms: number;
  /** The answer's size on the wire (status line, headers and body as sent, compressed or not). */
  bytes: number;
  /** The headers named in `keepHeaders` that the answer carried, by lower-case name. */
  headers: Record<string, string>;
}

export interface TaggedLoadResult {
  samples: ResponseSample[];
  seconds: number;
  /** Connection errors and timeouts: requests that got no answer at all. */
  errors: number;
  timeouts: number;
}

/** A request as autocannon takes it (./autocannon.d.ts does not export the type by name). */
type AutocannonRequest = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

/** What autocannon's per-client context carries from setupRequest to onResponse. */
interface ClientContext {
  tag?: string;
}

/** autocannon hands over headers as sent (any case), a repeated one as an array. */
function pickHeaders(raw: Record<string, string | string[]>, names: readonly string[]) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const lower = name.toLowerCase();
    if (names.includes(lower)) kept[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/**
 * Like runLoad (./load.ts), but every answer is kept with the kind of its request and the headers
 * asked for, so a mix of kinds can be told apart afterwards. autocannon's `response` event knows
 * the time but not the request; its onResponse hook knows the request (through the client's
 * context, which setupRequest filled) and the headers but not the time. A client calls the hook
 * and then emits the event synchronously, with nothing in between, so the hook's answer waits in
 * `answered` for the event that follows it.
 */
export async function runTaggedLoad(
  origin: string,
  requests: readonly TaggedRequest[],
  options: {
    connections: number;
    seconds: number;
    /** Sent with every request (e.g. accept-encoding). */
    headers?: Record<string, string>;
    /** Response headers to keep, lower-case. */
    keepHeaders?: readonly string[];
  },
): Promise<TaggedLoadResult> {
  const keep = options.keepHeaders ?? [];
  let next = 0;
  let answered: Omit<ResponseSample, 'ms' | 'bytes'> | undefined;
  const samples: ResponseSample[] = [];
  // Typed by hand: the package ships no types and ./autocannon.d.ts declares no onResponse.
  const request = {
    setupRequest: (base: AutocannonRequest, context: object) => {
      const { tag, ...chosen } = requests[next++ % requests.length]!;
      (context as ClientContext).tag = tag;
      return {
        ...base,
        ...chosen,
        headers: { ...base.headers, ...options.headers, ...chosen.headers },
      };
    },
    onResponse: (
      status: number,
      _body: string,
      context: ClientContext,
      headers: Record<string, string | string[]>,
    ) => {
      answered = { tag: context.tag ?? '?', status, headers: pickHeaders(headers, keep) };
    },
  };
  const instance = autocannon({
    url: origin,
    connections: options.connections,
    duration: options.seconds,
    requests: [request],
  });
  instance.on('response', (_client, status, bytes, ms) => {
    samples.push({ ...(answered ?? { tag: '?', status, headers: {} }), ms, bytes });
    answered = undefined;
  });
  const result = await instance;
  return { samples, seconds: result.duration, errors: result.errors, timeouts: result.timeouts };
}
