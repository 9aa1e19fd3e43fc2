import type { Sleep } from './abortable-sleep.js';
import { decodeUtf8, readWithIdleTimeout } from './body-chunks.js';
import { FeedHttpError, FeedTimeoutError, FeedUnavailableError } from './feed-errors.js';
import type { FeedLogger } from './feed-logger.js';
import type { RequestPacer } from './request-pacer.js';
import {
  backoffDelayMs,
  isRetryableStatus,
  parseRetryAfterMs,
  type BackoffSettings,
} from './retry-policy.js';

export interface FeedRequestSettings {
  fetch: typeof globalThis.fetch;
  /** May hold the api key: never logged. */
  headers: Record<string, string>;
  pacer: RequestPacer;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  maxAttempts: number;
  backoff: BackoffSettings;
  logger: FeedLogger;
  now: () => number;
  sleep: Sleep;
  random: () => number;
}

export interface OpenResponse {
  response: Response;
  /** Aborting it ends the download (and frees the connection) when the reader stops early. */
  connection: AbortController;
  attempt: number;
}

type AttemptOutcome =
  | { response: Response; connection: AbortController }
  | { failure: unknown; status?: number; retryAfterMs?: number };

const ERROR_EXCERPT_CHARS = 500;

/**
 * GETs `url` until the feed answers 2xx. Retries 429, 5xx, network errors and header timeouts with
 * backoff (or the feed's Retry-After), every attempt paced by the client's request interval. Nothing
 * here touches the body: once it starts, a failure is the body reader's to report.
 */
export async function openFeedResponse(
  url: string,
  signal: AbortSignal | undefined,
  settings: FeedRequestSettings,
): Promise<OpenResponse> {
  for (let attempt = 1; ; attempt += 1) {
    await settings.pacer.waitForTurn(signal);
    const outcome = await attemptOnce(url, signal, settings);
    if ('response' in outcome) return { ...outcome, attempt };

    const status = outcome.status;
    const error = errorMessage(outcome.failure);
    if (attempt >= settings.maxAttempts) {
      settings.logger.error({ url, attempt, status, error }, 'JobStream request failed, giving up');
      throw new FeedUnavailableError(attempt, url, outcome.failure);
    }
    const wanted = outcome.retryAfterMs ?? backoffDelayMs(attempt, settings.backoff, settings.random);
    const delayMs = Math.max(wanted, settings.pacer.msUntilNextSlot());
    settings.logger.warn(
      {
        url,
        attempt,
        maxAttempts: settings.maxAttempts,
        status,
        error,
        delayMs,
        retryAfterMs: outcome.retryAfterMs,
      },
      'JobStream request failed, retrying',
    );
    await settings.sleep(delayMs, signal);
  }
}

async function attemptOnce(
  url: string,
  signal: AbortSignal | undefined,
  settings: FeedRequestSettings,
): Promise<AttemptOutcome> {
  const connection = new AbortController();
  const timer = setTimeout(
    () => connection.abort(new FeedTimeoutError('headers', settings.requestTimeoutMs, url)),
    settings.requestTimeoutMs,
  );
  let response: Response;
  try {
    response = await settings.fetch(url, {
      headers: settings.headers,
      signal: signal ? AbortSignal.any([signal, connection.signal]) : connection.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    return { failure: connection.signal.aborted ? connection.signal.reason : error };
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) return { response, connection };

  if (!isRetryableStatus(response.status)) {
    const excerpt = await readExcerpt(response, url, settings.idleTimeoutMs);
    connection.abort();
    if (signal?.aborted) throw signal.reason;
    settings.logger.error({ url, status: response.status }, 'JobStream refused the request');
    throw new FeedHttpError(response.status, url, excerpt);
  }
  // Nothing of a 429/5xx body is needed; aborting closes the connection instead of draining it.
  connection.abort();
  return {
    failure: new FeedHttpError(response.status, url, ''),
    status: response.status,
    retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after'), settings.now()),
  };
}

/** The start of an error body, for the error message; a server explanation helps fix a setting. */
async function readExcerpt(response: Response, url: string, idleTimeoutMs: number): Promise<string> {
  if (!response.body) return '';
  let text = '';
  try {
    for await (const chunk of decodeUtf8(readWithIdleTimeout(response.body, idleTimeoutMs, url))) {
      text += chunk;
      if (text.length >= ERROR_EXCERPT_CHARS) break;
    }
  } catch {
    // The status alone is enough to report; a broken error body adds nothing.
  }
  return text.slice(0, ERROR_EXCERPT_CHARS);
}

function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch reports network failures as "fetch failed" with the useful part in `cause`.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
