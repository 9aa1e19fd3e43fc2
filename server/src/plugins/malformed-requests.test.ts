import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@jobbportalen/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { errorHandlerPlugin, errorServerOptions } from './error-handler.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Sends bytes as they are (no HTTP client would send most of these) and reads the answer until
 * the server closes the connection. A connection the server leaves open is given up after a
 * while, so a missing answer fails the test instead of hanging it.
 */
function sendRaw(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const giveUp = setTimeout(() => socket.destroy(), 15_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close while the rest of a request is still on its way: what it answered counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      const raw = Buffer.concat(chunks);
      const end = raw.indexOf('\r\n\r\n');
      if (end === -1) return reject(new Error(`no complete answer: ${JSON.stringify(raw.toString())}`));
      const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: raw.subarray(end + 4) });
    });
    socket.write(request);
  });
}

const get = (target: string, extraHeaders = '') =>
  `GET ${target} HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n${extraHeaders}\r\n`;

const post = (headers: string, body: string) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n${headers}\r\n${body}`;

const INVALID = 'Ogiltig begäran.';

const CASES: { name: string; request: string; status: number; code: string; message: string }[] = [
  {
    name: 'a request line that is no request line',
    request: 'GARBAGE\r\n\r\n',
    status: 400,
    code: 'VALIDATION_FAILED',
    message: INVALID,
  },
  {
    name: 'a method HTTP does not have',
    request: get('/api/jobs').replace('GET', 'FOO'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: INVALID,
  },
  {
    name: 'an HTTP version that does not exist',
    request: get('/api/jobs').replace('HTTP/1.1', 'HTTP/9.9'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: INVALID,
  },
  {
    name: 'an HTTP/2 preface on an HTTP/1 port',
    request: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
    status: 400,
    code: 'VALIDATION_FAILED',
    message: INVALID,
  },
  {
    name: 'a space in a header name',
    request: get('/api/jobs', 'Bad Header: x\r\n'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: INVALID,
  },
  {
    name: 'HTTP/1.1 without Host',
    request: 'GET /api/jobs HTTP/1.1\r\nConnection: close\r\n\r\n',
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Förfrågan saknar Host-huvud.',
  },
  {
    name: 'a 20 KB header',
    request: get('/api/jobs', `X-Filler: ${'a'.repeat(20_000)}\r\n`),
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'Förfrågan är för stor: adressen eller dess huvuden är för långa.',
  },
  {
    name: 'a 20 KB URL',
    request: get(`/api/jobs?search=${'a'.repeat(20_000)}`),
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'Förfrågan är för stor: adressen eller dess huvuden är för långa.',
  },
  {
    name: 'a 300-character id in the path',
    request: get(`/api/jobs/${'a'.repeat(300)}`),
    status: 414,
    code: 'URI_TOO_LONG',
    message: 'Adressen är för lång.',
  },
  {
    name: 'a 300-character id in a page path',
    request: get(`/jobb/${'a'.repeat(300)}`),
    status: 414,
    code: 'URI_TOO_LONG',
    message: 'Adressen är för lång.',
  },
  {
    name: 'malformed percent-encoding in the path',
    request: get('/api/jobs/%E0%A4%A'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Adressen innehåller en ogiltig %-kodning.',
  },
  {
    name: 'malformed percent-encoding in a page path',
    request: get('/jobb/%E0%A4%A'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Adressen innehåller en ogiltig %-kodning.',
  },
  {
    name: 'malformed percent-encoding in a query value',
    request: get('/api/jobs?search=%E0%A4%A'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Ogiltiga uppgifter i förfrågan.',
  },
  {
    name: 'malformed percent-encoding in a query name',
    request: get('/api/jobs?%ZZ=1'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Ogiltiga uppgifter i förfrågan.',
  },
  {
    name: 'a Content-Length that is no number',
    request: post('Content-Type: application/json\r\nContent-Length: abc\r\n', '{}'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: INVALID,
  },
  {
    name: 'two different Content-Lengths',
    request: post('Content-Type: application/json\r\nContent-Length: 1\r\nContent-Length: 2\r\n', '{}'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: INVALID,
  },
  {
    name: 'Content-Length and Transfer-Encoding together',
    request: post(
      'Content-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n',
      '0\r\n\r\n',
    ),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: INVALID,
  },
  {
    name: 'a chunk size that is no number',
    request: post('Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n', 'zz\r\n\r\n'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: INVALID,
  },
  {
    name: 'a Content-Length over the body limit',
    request: post('Content-Type: application/json\r\nContent-Length: 99999999\r\n', '{}'),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Förfrågan är för stor.',
  },
  {
    name: 'a JSON body that is not JSON',
    request: post('Content-Type: application/json\r\nContent-Length: 5\r\n', '{"a":'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Innehållet är inte giltig JSON.',
  },
  {
    name: 'an empty JSON body',
    request: post('Content-Type: application/json\r\nContent-Length: 0\r\n', ''),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Innehållet är tomt fast det anges som JSON.',
  },
  {
    name: 'a JSON body with __proto__',
    request: post(
      'Content-Type: application/json\r\nContent-Length: 29\r\n',
      '{"__proto__":{"a":1},"x":"y"}',
    ),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Innehållet är inte giltig JSON.',
  },
  {
    name: 'a content type no route reads',
    request: post('Content-Type: text/x-unknown\r\nContent-Length: 5\r\n', 'hello'),
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Filtypen eller innehållstypen stöds inte.',
  },
  {
    name: 'a method no route has',
    request: get('/api/jobs').replace('GET', 'PROPFIND'),
    status: 404,
    code: 'NOT_FOUND',
    message: 'Hittades inte.',
  },
  {
    name: 'CONNECT (no proxy here)',
    request: 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    status: 405,
    code: 'VALIDATION_FAILED',
    message: 'Metoden stöds inte.',
  },
  {
    name: 'an Expect header other than 100-continue',
    request: get('/api/jobs', 'Expect: something\r\n'),
    status: 417,
    code: 'VALIDATION_FAILED',
    message: 'Förväntningen i Expect-huvudet stöds inte.',
  },
];

function expectOurShape(response: RawResponse, status: number, code: string, message: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(Number(response.headers['content-length'])).toBe(response.body.length);
  const body = JSON.parse(response.body.toString('utf8')) as Record<string, unknown>;
  expect(body).toMatchObject({ code, message, error: message });
  expect(ERROR_CODES).toContain(body.code);
  expect(JSON.stringify(body)).not.toMatch(/FST_|statusCode|Bad Request|Client Error/);
}

describe('requests that break HTTP or Fastify’s rules get our error shape', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each(CASES)('$name → $status $code', async ({ request, status, code, message }) => {
    expectOurShape(await sendRaw(port, request), status, code, message);
  });

  it('names the query parameter it could not decode', async () => {
    const response = await sendRaw(port, get('/api/jobs?page=1&search=%E0%A4%A'));
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({
      details: { context: 'querystring', field: 'search' },
    });
  });

  it('leaves a page’s query alone: the page does not read it, and browsers send `100%` as typed', async () => {
    const response = await sendRaw(port, get('/jobb?search=100%'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('ignores a body on GET, and is still up and answering after all of the above', async () => {
    const response = await sendRaw(
      port,
      get('/api/jobs', 'Content-Type: application/json\r\nContent-Length: 5\r\n') + '{"a":',
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ page: 1 });
  });
});

describe('a request that does not arrive in time', () => {
  it('gets a 408 in our shape', async () => {
    // Node checks for overdue requests every connectionsCheckingInterval; both are short here.
    const app = Fastify({
      ...errorServerOptions,
      requestTimeout: 200,
      http: { ...errorServerOptions.http, connectionsCheckingInterval: 50 },
    });
    await app.register(errorHandlerPlugin);
    app.get('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      // Headers that never end.
      const response = await sendRaw(port, 'GET / HTTP/1.1\r\nHost: portal.test\r\n');
      expectOurShape(response, 408, 'REQUEST_TIMEOUT', 'Förfrågan kom inte fram i tid. Försök igen.');
    } finally {
      await app.close();
    }
  });
});
