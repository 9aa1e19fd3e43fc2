import type { ErrorBody, ErrorCode } from '@jobbportalen/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'VALIDATION_FAILED',
  406: 'VALIDATION_FAILED',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_DOCUMENT',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Swedish messages for the errors Fastify and its plugins raise on their own. */
const MESSAGE_BY_STATUS: Record<number, string> = {
  400: 'Ogiltig begäran.',
  401: 'Du måste logga in.',
  403: 'Du har inte behörighet.',
  404: 'Hittades inte.',
  405: 'Metoden stöds inte.',
  406: 'Formatet stöds inte.',
  409: 'Konflikt med befintliga uppgifter.',
  413: 'Förfrågan är för stor.',
  415: 'Filtypen eller innehållstypen stöds inte.',
  429: 'För många förfrågningar. Vänta en stund och försök igen.',
  503: 'Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.',
};

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
) {
  const body: ErrorBody & Record<string, unknown> = { code, message, error: message, ...extra };
  return reply.status(statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * One error handler for the whole API: every error leaves as `{ code, message, error }`.
 * Client errors keep their meaning; anything unexpected becomes a 500 whose details stay in the
 * log, never in the answer.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
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
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
      return sendError(reply, status, code, MESSAGE_BY_STATUS[status] ?? 'Ogiltig begäran.');
    }
    request.log.error({ err: error }, 'request failed');
    if (status === 503) return sendError(reply, 503, 'SERVICE_UNAVAILABLE', MESSAGE_BY_STATUS[503]!);
    return sendError(reply, 500, 'INTERNAL_ERROR', 'Något gick fel på servern. Försök igen senare.');
  });
});
