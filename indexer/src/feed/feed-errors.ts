/** Base of every error the feed client throws on purpose, so a caller can tell them from bugs. */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly url: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * The feed answered with a status we do not retry (4xx other than 429), or one we would retry, kept
 * as the `cause` of a `FeedUnavailableError`. A permanent status usually means a wrong setting
 * (base URL, API version, key), so retrying would only repeat it.
 */
export class FeedHttpError extends FeedError {
  constructor(
    readonly status: number,
    url: string,
    readonly bodyExcerpt: string,
  ) {
    super(`JobStream answered HTTP ${status} for ${url}`, url);
  }
}

/** No response headers within `requestTimeoutMs`, or no body bytes for `idleTimeoutMs`. */
export class FeedTimeoutError extends FeedError {
  constructor(
    readonly phase: 'headers' | 'body',
    readonly timeoutMs: number,
    url: string,
  ) {
    super(`JobStream sent no ${phase === 'headers' ? 'response' : 'data'} for ${timeoutMs} ms (${url})`, url);
  }
}

/** Every attempt failed with a transient problem (429, 5xx, network, timeout); `cause` is the last one. */
export class FeedUnavailableError extends FeedError {
  constructor(
    readonly attempts: number,
    url: string,
    cause: unknown,
  ) {
    super(`JobStream still unavailable after ${attempts} attempts (${url})`, url, { cause });
  }
}

/**
 * The body broke off (cut connection, idle timeout, invalid JSON, truncated array) after
 * `recordsYielded` records were already handed out. Those records are real, but the response is not
 * the whole answer: a snapshot that ends like this must never be used to remove or expire ads.
 */
export class FeedIncompleteError extends FeedError {
  constructor(
    readonly recordsYielded: number,
    url: string,
    cause: unknown,
  ) {
    super(
      `JobStream response ended early after ${recordsYielded} records (${url}): ${describe(cause)}`,
      url,
      {
        cause,
      },
    );
  }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
    return cause.message + inner;
  }
  return String(cause);
}
