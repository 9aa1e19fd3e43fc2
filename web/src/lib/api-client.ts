import type { ErrorBody } from '@jobbportalen/contracts';

/** A failed API call. `message` is the server's Swedish text when it sent one, else ''. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The parsed error body, for answers that carry more than code and message (410 carries the job). */
  readonly body: unknown;

  constructor(status: number, code: string | null, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The Swedish text of an error body: `message`, else `error` (the spec's UI reads either). */
export function serverMessage(body: unknown): string {
  if (!isRecord(body)) return '';
  const { message, error } = body as Partial<ErrorBody>;
  if (typeof message === 'string' && message.trim()) return message;
  if (typeof error === 'string' && error.trim()) return error;
  return '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls our own API (same origin) and returns the parsed JSON body. Throws ApiError for any non-2xx
 * answer and for network failures (status 0), so callers handle one error type.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }

  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, '', null);
  }

  const body = await readBody(response);
  if (!response.ok) {
    const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
    throw new ApiError(response.status, code, serverMessage(body), body);
  }
  return body as T;
}

/** JSON body helper so call sites read `post(path, data)` instead of repeating stringify. */
export function jsonBody(data: unknown): Pick<RequestInit, 'body' | 'headers'> {
  return { body: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } };
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';
