import type { ErrorBody } from '@jobbportalen/contracts';
import { navigate } from 'wouter/use-browser-location';
import { clearToken, getToken, LOGIN_PATH, loginPathWithNext } from './auth';
import { navigationAnswers, untilAborted } from './navigation-answers';
import { prefetchedAnswer, type PrefetchedAnswer } from './prefetched-answers';

/**
 * The one way the browser talks to our API. Feature `*-api.ts` modules build their typed calls on
 * `request`; components call those, never `fetch` or an `/api/…` path.
 */

/** A failed API call. `message` is the server's Swedish text when it sent one, else ''. */
export class ApiError extends Error {
  /** The HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** The stable code of our error body (contracts' ERROR_CODES), null when the answer had none. */
  readonly code: ErrorBody['code'] | null;
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

/** Our error body `{ code, message, error }` (or whatever else came) as the one error type. */
export function errorFrom(status: number, body: unknown): ApiError {
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  return new ApiError(status, code, serverMessage(body), body);
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A body sent as JSON. */
  json?: unknown;
  /** A multipart body; the browser writes its Content-Type (with the boundary) itself. */
  form?: FormData;
  signal?: AbortSignal;
  cache?: RequestCache;
  /**
   * Send the logged-in visitor's token. A 401 to such a call means the server no longer accepts
   * that token: the visitor is logged out and sent to log in again. Calls without it (logging in,
   * registering, public data) never end a session, whatever they answer.
   */
  session?: boolean;
  /**
   * With `session`: a 401 ends nothing. For what a public page adds for a logged-in visitor
   * without being asked (the fit of the ads on screen): a token the server no longer accepts then
   * leaves the page as it is, and the visitor learns of it when they act (save a job, open
   * Min profil), not by being sent away while reading.
   */
  quiet?: boolean;
}

export interface ApiClientDeps {
  /** The network call: the browser's fetch (a fake in tests). */
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  readToken: () => string | null;
  clearToken: () => void;
  /** Path and query of the page shown now, to come back to after logging in. */
  currentPath: () => string;
  navigate: (to: string) => void;
}

const isPublicRead = (options: RequestOptions): boolean =>
  (options.method ?? 'GET') === 'GET' && !options.session && options.cache === undefined;

/** A prefetched answer as `request` would have ended: its body, or the ApiError it stands for. */
export function answerValue<T>(answer: PrefetchedAnswer): T {
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  throw errorFrom(answer.status, answer.body);
}

const isLoginPage = (path: string): boolean => path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}?`);

export function createApiClient(deps: ApiClientDeps) {
  // A page fires several calls at once, and with a dead token they all come back 401: the token
  // that was already handled is remembered, so the visitor is logged out and redirected once.
  let expiredToken: string | null = null;

  function sessionRefused(sentToken: string): void {
    if (sentToken === expiredToken) return;
    // A log-in since the call was sent (here or in another tab) replaced the token: that one is fine.
    if (deps.readToken() !== sentToken) return;
    expiredToken = sentToken;
    const here = deps.currentPath();
    // Leave first, then forget the token: pages that guard on the token would otherwise redirect
    // on their own in between, without the way back.
    if (!isLoginPage(here)) deps.navigate(loginPathWithNext(here));
    deps.clearToken();
  }

  /** One exchange with the server: the status and parsed body, whatever the status. */
  async function receive(path: string, init: RequestInit): Promise<PrefetchedAnswer> {
    try {
      const response = await deps.fetch(path, init);
      return { status: response.status, body: await readBody(response) };
    } catch (cause) {
      if (isAbortError(cause)) throw cause;
      throw new ApiError(0, null, '', null);
    }
  }

  async function send<T>(path: string, init: RequestInit, sentToken: string | null): Promise<T> {
    const answer = await receive(path, init);
    if (answer.status === 401 && sentToken) sessionRefused(sentToken);
    return answerValue<T>(answer);
  }

  // Shared by every caller of the navigation, so it carries no caller's signal (nor a token).
  const navigation = navigationAnswers((path) =>
    receive(path, { method: 'GET', headers: new Headers({ Accept: 'application/json' }) }),
  );

  /**
   * Calls our own API (same origin) and returns the parsed JSON answer, typed by the caller from
   * the contracts schema the server answers with. Throws ApiError for any non-2xx answer and for
   * network failures (status 0), so callers handle one error type; an abort rethrows as is.
   */
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    // A public read the server already made for this page comes with the page: no second request.
    const prefetched = isPublicRead(options) ? prefetchedAnswer(path) : undefined;
    if (prefetched) return answerValue<T>(prefetched);
    // One the browser started fetching when it navigated to this page: wait for that one.
    const started = isPublicRead(options) ? navigation.answerFor(path) : undefined;
    if (started) return answerValue<T>(await untilAborted(started, options.signal));
    const headers = new Headers({ Accept: 'application/json' });
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const token = options.session ? deps.readToken() : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const init: RequestInit = { method: options.method ?? 'GET', headers, body, signal: options.signal };
    if (options.cache) init.cache = options.cache;
    return send<T>(path, init, options.quiet ? null : token);
  }

  /**
   * `request` for callers that still build their own RequestInit (the auth and jobs features).
   * It adds no token, so its 401s (a wrong password at log-in) never end a session.
   */
  function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (typeof init.body === 'string' && !headers.has('Content-Type')) {
      headers.set('Content-Type', 'application/json');
    }
    return send<T>(path, { ...init, headers }, null);
  }

  /**
   * A file of the logged-in visitor's (the kept CV): its bytes as they came, not parsed. A bearer
   * token cannot ride on a plain link, so such a download goes through here.
   */
  async function requestFile(path: string): Promise<Blob> {
    const token = deps.readToken();
    const headers = new Headers();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let response: Response;
    try {
      response = await deps.fetch(path, { method: 'GET', headers, cache: 'no-store' });
    } catch {
      throw new ApiError(0, null, '', null);
    }
    if (response.ok) return response.blob();
    if (response.status === 401 && token) sessionRefused(token);
    throw errorFrom(response.status, await readBody(response));
  }

  return {
    request,
    requestFile,
    apiFetch,
    startNavigationAnswers: navigation.start,
    prepareNavigationAnswers: navigation.prepare,
    dropPreparedAnswers: navigation.dropPrepared,
  };
}

const browserClient = createApiClient({
  fetch: (path, init) => fetch(path, init),
  readToken: getToken,
  clearToken,
  currentPath: () => `${window.location.pathname}${window.location.search}`,
  // Replace: going back to the page whose session ended would only redirect here again.
  navigate: (to) => navigate(to, { replace: true }),
});

export const { request, requestFile, apiFetch } = browserClient;

/**
 * Browser: the public GET paths of the page the app goes to, fetched at once (see
 * navigation-answers.ts): at the navigation, or already when the link to it is pressed.
 */
export const { startNavigationAnswers, prepareNavigationAnswers, dropPreparedAnswers } = browserClient;

/** JSON body for `apiFetch`; new code passes `json` to `request` instead. */
export function jsonBody(data: unknown): Pick<RequestInit, 'body' | 'headers'> {
  return { body: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } };
}

/**
 * A public GET whose path is known before it is sent, so a server-rendered page can carry its
 * answer (useApi reads it in the first render): `publicGet<Job, string>((id) => `/api/jobs/${id}`)`.
 */
export interface PublicGet<T, P> {
  (param: P, signal?: AbortSignal): Promise<T>;
  readonly pathOf: (param: P) => string;
}

export function publicGet<T, P extends string | number>(pathOf: (param: P) => string): PublicGet<T, P> {
  const call = (param: P, signal?: AbortSignal): Promise<T> => request<T>(pathOf(param), { signal });
  return Object.assign(call, { pathOf });
}

/** A parameterless public GET (see PublicGet): called with only an abort signal. */
export interface PublicGetAll<T> {
  (signal?: AbortSignal): Promise<T>;
  readonly pathOf: () => string;
}

export function publicGetAll<T>(path: string): PublicGetAll<T> {
  const call = (signal?: AbortSignal): Promise<T> => request<T>(path, { signal });
  return Object.assign(call, { pathOf: () => path });
}
