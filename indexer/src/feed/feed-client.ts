import { abortableSleep, type Sleep } from './abortable-sleep.js';
import { parseFeedBody, type BodyFormat } from './feed-body.js';
import { FeedIncompleteError } from './feed-errors.js';
import { silentLogger, type FeedLogger } from './feed-logger.js';
import { openFeedResponse, type FeedRequestSettings } from './feed-request.js';
import { resolveFeedSettings } from './feed-settings.js';
import { snapshotUrl, streamUrl, type FeedApiVersion } from './feed-urls.js';
import type { InvalidRecord } from './jsonl-records.js';
import { createRequestPacer } from './request-pacer.js';

export interface FeedClientOptions {
  baseUrl?: string;
  apiVersion: FeedApiVersion;
  /** Sent as the `api-key` header when set. */
  apiKey?: string;
  /** Spacing between the starts of any two requests of this client, retries included. */
  minRequestIntervalMs?: number;
  /** Time allowed until the response headers arrive. */
  requestTimeoutMs?: number;
  /** Longest silence allowed inside a body before it is given up as incomplete. */
  idleTimeoutMs?: number;
  maxAttempts?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  logger?: FeedLogger;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  sleep?: Sleep;
  random?: () => number;
}

export interface FeedReadOptions {
  signal?: AbortSignal;
  /**
   * Called for each JSONL line that is not valid JSON (the line is skipped and reading goes on).
   * Such lines are also logged, by line number only. A JSON array body has no such lines: there, bad
   * JSON ends the response with FeedIncompleteError.
   */
  onInvalidRecord?: (invalid: InvalidRecord) => void;
}

export interface StreamWindow extends FeedReadOptions {
  updatedAfter: Date;
  updatedBefore: Date;
}

/**
 * Both methods return raw, unvalidated records one at a time; the request starts when iteration
 * starts. Iteration that ends without an error means the response was complete. Errors:
 * FeedHttpError (refused, not retried), FeedUnavailableError (retries used up),
 * FeedIncompleteError (body broke off after some records), or the signal's reason on abort.
 */
export interface FeedClient {
  snapshot(options?: FeedReadOptions): AsyncIterable<unknown>;
  stream(window: StreamWindow): AsyncIterable<unknown>;
}

export function createFeedClient(options: FeedClientOptions): FeedClient {
  const settings = resolveFeedSettings(options);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const logger = options.logger ?? silentLogger;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['api-key'] = options.apiKey;

  const request: FeedRequestSettings = {
    fetch: options.fetch ?? globalThis.fetch,
    headers,
    pacer: createRequestPacer(settings.minRequestIntervalMs, now, sleep),
    requestTimeoutMs: settings.requestTimeoutMs,
    idleTimeoutMs: settings.idleTimeoutMs,
    maxAttempts: settings.maxAttempts,
    backoff: { baseDelayMs: settings.retryBaseDelayMs, maxDelayMs: settings.retryMaxDelayMs },
    logger,
    now,
    sleep,
    random: options.random ?? Math.random,
  };

  async function* read(url: string, { signal, onInvalidRecord }: FeedReadOptions): AsyncGenerator<unknown> {
    const { response, connection, attempt } = await openFeedResponse(url, signal, request);
    let records = 0;
    let invalidRecords = 0;
    let format: BodyFormat | undefined;
    try {
      const body = parseFeedBody(response.body, {
        url,
        contentType: response.headers.get('content-type'),
        allowJsonl: options.apiVersion === 'v2',
        idleTimeoutMs: settings.idleTimeoutMs,
        signal,
        onFormat: (chosen) => (format = chosen),
        onInvalidRecord: (invalid) => {
          invalidRecords += 1;
          logger.warn(
            { url, line: invalid.line, error: invalid.error },
            'JobStream line is not valid JSON, skipped',
          );
          onInvalidRecord?.(invalid);
        },
      });
      for await (const record of body) {
        records += 1;
        yield record;
      }
      logger.info({ url, attempt, format, records, invalidRecords }, 'JobStream response complete');
    } catch (error) {
      if (error instanceof FeedIncompleteError) {
        logger.warn({ url, attempt, format, records, error: error.message }, 'JobStream response incomplete');
      }
      throw error;
    } finally {
      // Ends the download when the caller stops early; a no-op once the body is fully read.
      connection.abort();
    }
  }

  return {
    snapshot: (readOptions = {}) => read(snapshotUrl(settings.baseUrl, options.apiVersion), readOptions),
    stream: (window) => {
      if (window.updatedAfter.getTime() > window.updatedBefore.getTime()) {
        throw new RangeError('updatedAfter must not be later than updatedBefore');
      }
      const url = streamUrl(settings.baseUrl, options.apiVersion, window.updatedAfter, window.updatedBefore);
      return read(url, window);
    },
  };
}
