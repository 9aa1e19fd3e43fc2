/**
 * Stable error codes of the API. Clients branch on `code`, never on `message` (which may be a
 * Swedish text meant for people).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'GONE',
  'CONFLICT',
  'SAVED_SEARCH_LIMIT',
  'PROFILE_NOT_FOUND',
  'CONSENT_REQUIRED',
  'UNKNOWN_CONCEPT',
  'INVALID_TOKEN',
  'EMAIL_NOT_VERIFIED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE_DOCUMENT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of every error answer: `{ code, message }` (and `error` = message, which the spec's UI reads). */
export interface ErrorBody {
  code: ErrorCode | string;
  message: string;
  error: string;
}
