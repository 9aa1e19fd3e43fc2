import { MailRenderError } from './mail-render-error.js';

/** When a mail that could not be delivered is tried again, and when we give up. */
export interface RetryPolicy {
  /** Delay after the first failed attempt; it doubles with every further one. */
  baseMs: number;
  /** The longest delay. */
  maxMs: number;
  /** Attempts in all before a mail that keeps failing temporarily is marked 'failed'. */
  maxAttempts: number;
  /** 0 ≤ random() < 1; spreads the retries of mails that failed together (jitter). */
  random: () => number;
}

/** 1 min, 2, 4 … capped at 6 h; ten attempts span about 8.5 hours before a mail counts as failed. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 60_000,
  maxMs: 6 * 3600_000,
  maxAttempts: 10,
  random: Math.random,
};

/**
 * The wait before the next attempt, after `attempts` failed ones (1 for the first failure):
 * base × 2^(attempts−1), capped, of which the last quarter is random so a batch that failed
 * together (SMTP down) does not come back all at once.
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.75 + 0.25 * policy.random()));
}

/** What a failed attempt means for the mail. */
export type FailureVerdict = 'retry' | 'permanent';

/**
 * Errors that say something about the transport rather than about this mail: a wrong password
 * or TLS setup would fail every mail alike, so they wait for the operator rather than fail mail.
 */
const SETUP_ERRORS = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2', 'ETLS', 'EREQUIRETLS', 'ECONFIG', 'EPROXY']);

/**
 * A permanent SMTP rejection of the mail (5xx, except 503 which only says the session was in the
 * wrong state) fails it at once; a mail we cannot render fails too. Everything else — connection
 * errors, timeouts, 4xx answers, transport setup problems — is worth another attempt.
 */
export function verdictOf(error: unknown): FailureVerdict {
  if (error instanceof MailRenderError) return 'permanent';
  const { code, responseCode } = smtpDetails(error);
  if (code && SETUP_ERRORS.has(code)) return 'retry';
  if (responseCode !== undefined && responseCode >= 500 && responseCode < 600 && responseCode !== 503)
    return 'permanent';
  return 'retry';
}

/** Errors that would fail the next mail just the same: the server is unreachable or refuses us all. */
const CONNECTION_ERRORS = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS']);

/**
 * True when the error says the SMTP server cannot be used at all right now (down, unreachable,
 * closing with 421, or refusing our credentials), rather than that it turned this mail away.
 */
export function isTransportDown(error: unknown): boolean {
  const { code, responseCode } = smtpDetails(error);
  if (responseCode === 421) return true;
  return code !== undefined && (CONNECTION_ERRORS.has(code) || SETUP_ERRORS.has(code));
}

export function smtpDetails(error: unknown): { code?: string; responseCode?: number } {
  if (typeof error !== 'object' || error === null) return {};
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
  };
}
