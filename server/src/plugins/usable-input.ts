import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type ValidationContext = 'querystring' | 'params' | 'body';

/**
 * Parsed JSON (prototype Object.prototype) and parsed query strings (Fastify's parser makes
 * objects whose prototype has no prototype either); not uploaded files (Buffers) or any other
 * object.
 */
function isPlainRecord(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** Where a value sits in the input, as a chain back to the top (built into a path only if needed). */
interface Step {
  key: string;
  parent: Step | null;
}

const pathOf = (step: Step | null): string => {
  const keys: string[] = [];
  for (let at = step; at; at = at.parent) keys.push(at.key);
  return keys
    .reverse()
    .map((key) => `/${key}`)
    .join('');
};

interface Unusable {
  instancePath: string;
  rule: string;
}

/**
 * The first value in `input` that no handler can use: a number that is not finite, or a string
 * with a NUL character (PostgreSQL refuses those in text). Walked with a list rather than
 * recursion: a 1 MB body may nest arrays hundreds of thousands deep.
 */
function findUnusable(input: unknown): Unusable | null {
  const pending: [value: unknown, step: Step | null][] = [[input, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, step] = next;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { instancePath: pathOf(step), rule: 'must be a finite number' };
    } else if (typeof value === 'string') {
      if (value.includes('\u0000')) return { instancePath: pathOf(step), rule: 'must not contain NUL' };
    } else if (typeof value === 'object' && value !== null) {
      if (!Array.isArray(value) && !isPlainRecord(value)) continue;
      for (const [key, inner] of Object.entries(value)) pending.push([inner, { key, parent: step }]);
    }
  }
  return null;
}

/**
 * The first parameter of a raw query string that cannot be percent-decoded (`?search=%E0%A4%A`);
 * the query parser keeps such text as it was sent instead of refusing it.
 */
function findUndecodableQuery(url: string): Unusable | null {
  const start = url.indexOf('?');
  if (start === -1) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    try {
      decodeURIComponent(pair);
    } catch {
      const name = pair.split('=', 1)[0] ?? '';
      return { instancePath: `/${decodeLeniently(name)}`, rule: 'must be valid percent-encoding' };
    }
  }
  return null;
}

/** A name for the error report, decoded where it can be. */
function decodeLeniently(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function validationError(context: ValidationContext, { instancePath, rule }: Unusable): FastifyError {
  const error = new Error(`${context}${instancePath} ${rule}`) as FastifyError;
  error.statusCode = 400;
  error.validationContext = context;
  error.validation = [{ keyword: 'type', instancePath, schemaPath: '', params: {}, message: rule }];
  return error;
}

/**
 * Input that passed its schema and still cannot be used gets the same 400 as a schema error:
 * - Ajv coerces a query value such as "1e309" to Infinity and then skips `minimum` and `maximum`
 *   for it (it compares only finite numbers), so `limit=1e309` got past `maximum: 100` and failed
 *   later in SQL or in `Array.from` as a 500. A JSON body can say 1e309 as well.
 * - A NUL character (`/jobb/%00`) reached PostgreSQL, which refuses it in text: a 500.
 * - A query the route reads that cannot be percent-decoded reached the handler as the raw text
 *   (`search=%E0%A4%A`), while the same mistake in the path is a 400.
 */
export const usableInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    // Only where the route reads its query: a page ignores it, and a browser sends a hand-typed
    // `?q=100%` as it stands.
    if (request.routeOptions.schema?.querystring) {
      const undecodable = findUndecodableQuery(request.url);
      if (undecodable) throw validationError('querystring', undecodable);
    }
    const inputs: [ValidationContext, unknown][] = [
      ['querystring', request.query],
      ['params', request.params],
      ['body', request.body],
    ];
    for (const [context, value] of inputs) {
      const unusable = findUnusable(value);
      if (unusable) throw validationError(context, unusable);
    }
  });
});
