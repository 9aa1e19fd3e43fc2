import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ErrorBody, ErrorCode } from '@jobbportalen/contracts';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { tooManyAttemptsMessage } from '../http/too-many-attempts.js';

interface StatusAnswer {
  code: ErrorCode;
  message: string;
}

/**
 * Code and Swedish message for the errors that carry nothing but a status: those Fastify, its
 * plugins, its router and Node's HTTP parser raise on their own.
 */
const ANSWER_BY_STATUS: Record<number, StatusAnswer> = {
  400: { code: 'VALIDATION_FAILED', message: 'Ogiltig begäran.' },
  401: { code: 'UNAUTHORIZED', message: 'Du måste logga in.' },
  403: { code: 'FORBIDDEN', message: 'Du har inte behörighet.' },
  404: { code: 'NOT_FOUND', message: 'Hittades inte.' },
  405: { code: 'VALIDATION_FAILED', message: 'Metoden stöds inte.' },
  406: { code: 'VALIDATION_FAILED', message: 'Formatet stöds inte.' },
  408: { code: 'REQUEST_TIMEOUT', message: 'Förfrågan kom inte fram i tid. Försök igen.' },
  409: { code: 'CONFLICT', message: 'Konflikt med befintliga uppgifter.' },
  410: { code: 'GONE', message: 'Finns inte längre.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Förfrågan är för stor.' },
  414: { code: 'URI_TOO_LONG', message: 'Adressen är för lång.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Filtypen eller innehållstypen stöds inte.' },
  417: { code: 'VALIDATION_FAILED', message: 'Förväntningen i Expect-huvudet stöds inte.' },
  422: { code: 'UNPROCESSABLE_DOCUMENT', message: 'Innehållet kunde inte behandlas.' },
  429: { code: 'RATE_LIMITED', message: tooManyAttemptsMessage() },
  431: {
    code: 'HEADERS_TOO_LARGE',
    message: 'Förfrågan är för stor: adressen eller dess huvuden är för långa.',
  },
  500: { code: 'INTERNAL_ERROR', message: 'Något gick fel på servern. Försök igen senare.' },
  503: {
    code: 'SERVICE_UNAVAILABLE',
    message: 'Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.',
  },
};

/** Fastify's own errors whose cause a person can act on get a message of their own. */
const MESSAGE_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_BAD_URL: 'Adressen innehåller en ogiltig %-kodning.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Innehållet är inte giltig JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Innehållet är tomt fast det anges som JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Innehållets längd stämmer inte med Content-Length.',
};

interface Answer extends StatusAnswer {
  status: number;
}

/**
 * The answer to an error that carries only a status and perhaps a Fastify code. A status outside
 * the table keeps its number with the answer of a 400, or becomes a 500.
 */
export function answerFor(error: { statusCode?: number; code?: string }): Answer {
  const given = error.statusCode ?? 500;
  const status = given >= 400 && given < 600 ? given : 500;
  const known = ANSWER_BY_STATUS[status];
  const answer = known
    ? { status, ...known }
    : status < 500
      ? { status, ...ANSWER_BY_STATUS[400]! }
      : { status: 500, ...ANSWER_BY_STATUS[500]! };
  const message = error.code ? MESSAGE_BY_FASTIFY_CODE[error.code] : undefined;
  return message ? { ...answer, message } : answer;
}

/** The body of every error answer: the stable code, the Swedish message (also as `error`) and extras. */
export const errorBody = (
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
): ErrorBody & Record<string, unknown> => ({ code, message, error: message, ...extra });

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return reply
    .status(statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message, extra));
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs — a path
 * that cannot be percent-decoded (400) or a path parameter longer than `maxParamLength` (414).
 */
export function sendRouterError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, code, message } = answerFor(error);
  return sendError(reply, status, code, message);
}

/** Headers and body of an error answer written without Fastify's reply: the same shape, framed by hand. */
function rawErrorAnswer(status: number): { headers: Record<string, string>; json: string } {
  const { code, message } = answerFor({ statusCode: status });
  const json = JSON.stringify(errorBody(code, message));
  return {
    json,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(json)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    },
  };
}

/** Writes an error answer straight to a socket that has no request object, then closes it. */
function answerOnSocket(socket: Duplex, status: number) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { headers, json } = rawErrorAnswer(status);
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  // Whatever else the client sent cannot be framed: close once the answer is out.
  socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`, () => socket.destroy());
}

/** The two client errors Node names that are not a plain 400. */
const STATUS_BY_PARSER_ERROR: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser could not read (bad request line,
 * headers over 16 KB, a bad Content-Length …) never becomes a request object, so the answer is
 * written to the socket by hand.
 */
export function answerUnreadableRequest(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection is gone already; there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'unreadable request');
  answerOnSocket(socket, STATUS_BY_PARSER_ERROR[error.code] ?? 400);
}

/**
 * Server options (for `Fastify()`) that send the refusals of Fastify's router and of Node's HTTP
 * parser through the answers above instead of their own English bodies. Node's own check for a
 * missing Host header answers an empty 400 before Fastify sees the request: it is off here, and
 * the plugin below makes the same check.
 */
export const errorServerOptions = {
  frameworkErrors: sendRouterError,
  clientErrorHandler: answerUnreadableRequest,
  http: { requireHostHeader: false },
};

/**
 * One error handler for the whole API: every error leaves as `{ code, message, error }`.
 * Client errors keep their meaning; anything unexpected becomes a 500 whose details stay in the
 * log, never in the answer.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // HTTP/1.1 requires Host (RFC 9112); Node's own check is off, see errorServerOptions.
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw new AppError(400, 'VALIDATION_FAILED', 'Förfrågan saknar Host-huvud.');
  });
  // Two requests Node answers itself unless someone listens, with an empty 417 or no answer at all.
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const { headers, json } = rawErrorAnswer(417);
    response.writeHead(417, headers).end(json);
  });
  app.server.on('connect', (_request: IncomingMessage, socket: Duplex) => answerOnSocket(socket, 405));
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.statusCode, error.code, error.message, error.details ?? {});
    }
    if ((error as FastifyError).validation) {
      const first = (error as FastifyError).validation?.[0];
      const field =
        first?.instancePath?.replace(/^\//, '') ||
        (first?.params as { missingProperty?: string })?.missingProperty;
      return sendError(reply, 400, 'VALIDATION_FAILED', 'Ogiltiga uppgifter i förfrågan.', {
        details: {
          context: (error as FastifyError).validationContext,
          field: field ?? null,
          rule: first?.message,
        },
      });
    }
    const answer = answerFor(error as FastifyError);
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, answer.status, answer.code, answer.message);
  });
});
