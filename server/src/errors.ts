import type { ErrorCode } from '@jobbportalen/contracts';

/**
 * The one error type of the API: an HTTP status, a stable `code` for programs and a Swedish
 * `message` for people. Thrown anywhere in a request; the error handler turns it into
 * `{ code, message, error }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Hittades inte.') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, 'VALIDATION_FAILED', message, details);
export const unauthorized = (message = 'Du måste logga in.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Du har inte behörighet.') => new AppError(403, 'FORBIDDEN', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
/**
 * What needs a kept profile (fit lines, 'Jobb för dig', a profile search) when the account has
 * none, in the words GET /api/candidate/profile uses.
 */
export const profileNotFound = () => new AppError(404, 'PROFILE_NOT_FOUND', 'Du har ingen sparad profil.');
export const serviceUnavailable = (
  message = 'Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.',
) => new AppError(503, 'SERVICE_UNAVAILABLE', message);
