import path from 'node:path';
import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import {
  claimDueMails,
  markMailsFailed,
  markMailsForRetry,
  markMailsSent,
  type ClaimedMail,
  type MailFailure,
  type MailRetry,
} from './mail-outbox.repository.js';
import { maskAddress, outgoingMail, withoutAddresses } from './mail-message.js';
import {
  DEFAULT_RETRY_POLICY,
  isTransportDown,
  retryDelayMs,
  smtpDetails,
  verdictOf,
  type RetryPolicy,
} from './mail-retry.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';
import type * as RenderMailModule from './render-mail.js';

type RenderModule = typeof RenderMailModule;

export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailSenderOptions {
  db: Kysely<Database>;
  /** config.mail (SMTP_URL, MAIL_FROM, MAIL_MAX_PER_HOUR) and the site's name for the templates. */
  config: Readonly<Pick<Config, 'mail' | 'siteName'>>;
  /** Without SMTP, mails are written to `<dataDir>/mail`. */
  dataDir: string;
  logger: MailLogger;
  /** Longest wait between two looks at the outbox when nobody calls wake(). */
  pollMs?: number;
  /** Mails claimed, sent and marked together. */
  batchSize?: number;
  /** How long a claim holds before another sender may take the mail again (after a crash). */
  leaseSeconds?: number;
  /** Backoff of temporary failures (tests shorten it). */
  retry?: Partial<RetryPolicy>;
  /** Parallel SMTP connections. */
  smtpConnections?: number;
  /** Another transport than the configured one (tests, benchmarks). */
  transport?: MailTransport;
  /** Told what each batch came to once it is recorded (the portal's metrics). */
  observer?: MailSenderObserver;
}

export interface MailSenderObserver {
  recorded(delta: Readonly<MailSenderCounts>): void;
}

/** What one sender has done since it started. */
export interface MailSenderCounts {
  sent: number;
  /** Attempts that failed temporarily and were put back in the queue. */
  retried: number;
  failed: number;
}

export interface MailSender {
  /** Look at the outbox now (call after queueing mail). */
  wake(): void;
  /** Finishes the batch in hand, then stops and closes the transport. */
  stop(): Promise<void>;
  /**
   * Resolves after a look at the outbox that began after this call found nothing it may send now:
   * no mail due, or the hourly cap reached.
   */
  idle(): Promise<void>;
  readonly transportKind: MailTransport['kind'];
  readonly counts: Readonly<MailSenderCounts>;
}

const DEFAULT_POLL_MS = 5_000;
/** 100 a batch: a claim and a mark per 100 mails keep the database a small share of the work. */
const DEFAULT_BATCH_SIZE = 100;
/**
 * Longer than a batch can take (each SMTP step times out within a minute), so a slow batch is not
 * taken over while it is still being sent; short enough that a crashed sender's mails are not
 * late by more than a quarter of an hour.
 */
const DEFAULT_LEASE_SECONDS = 15 * 60;
/** After a database error, the loop waits this long before it looks again. */
const ERROR_PAUSE_MS = 5_000;

type Outcome =
  | { kind: 'sent'; mail: ClaimedMail }
  | { kind: 'retry'; mail: ClaimedMail; delayMs: number; error: string; transportDown: boolean }
  | { kind: 'failed'; mail: ClaimedMail; error: string };

/**
 * Delivers the mail outbox: claims due mails a batch at a time, renders, sends and marks them.
 * Delivery is at-least-once (a crash between sending and marking sends again after the lease; the
 * Message-ID stays the same). Several senders, in one process or many, may share one database.
 */
export function startMailSender(options: MailSenderOptions): MailSender {
  const { db, config, logger } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const retry: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const transport =
    options.transport ??
    createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      dataDir: options.dataDir,
      ...(options.smtpConnections ? { connections: options.smtpConnections } : {}),
    });
  logger.info(
    transport.kind === 'smtp'
      ? { transport: 'smtp', host: smtpHost(config.mail.smtpUrl) }
      : { transport: 'files', directory: path.join(options.dataDir, 'mail') },
    transport.kind === 'smtp'
      ? 'mail sender started'
      : 'mail sender started: no SMTP_URL, mails are kept as .eml files',
  );
  const counts: MailSenderCounts = { sent: 0, retried: 0, failed: 0 };
  // The templates (react-email) take a quarter of a second to load: only when there is mail.
  let renderer: Promise<RenderModule> | undefined;

  let stopping = false;
  let woken = false;
  let wakeSleeper: (() => void) | undefined;
  let passesStarted = 0;
  const idleWaiters: { afterPass: number; resolve: () => void }[] = [];

  const wake = () => {
    woken = true;
    wakeSleeper?.();
  };

  /** Waits `ms`, or less if woken; a wake() that came while busy cuts the next wait to nothing. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) {
        woken = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        wakeSleeper = undefined;
        woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeSleeper = done;
    });

  const resolveIdleWaiters = (pass: number) => {
    for (let i = idleWaiters.length - 1; i >= 0; i--) {
      const waiter = idleWaiters[i];
      if (waiter && waiter.afterPass <= pass) {
        idleWaiters.splice(i, 1);
        waiter.resolve();
      }
    }
  };

  async function deliver(mail: ClaimedMail): Promise<Outcome> {
    try {
      renderer ??= import('./render-mail.js');
      const { renderMail } = await renderer;
      const rendered = renderMail(mail.payload, { siteName: config.siteName });
      await transport.send(outgoingMail(mail, rendered, config.mail.from), mail.id);
      return { kind: 'sent', mail };
    } catch (error) {
      return failureOutcome(mail, error);
    }
  }

  function failureOutcome(mail: ClaimedMail, error: unknown): Outcome {
    const attempts = mail.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    const verdict = verdictOf(error);
    const gaveUp = verdict === 'permanent' || attempts >= retry.maxAttempts;
    const delayMs = gaveUp ? 0 : retryDelayMs(attempts, retry);
    const { code, responseCode } = smtpDetails(error);
    const log = code === 'EAUTH' || code === 'ETLS' || code === 'ECONFIG' ? logger.error : logger.warn;
    log.call(
      logger,
      {
        mailId: mail.id,
        kind: mail.payload.kind,
        to: maskAddress(mail.recipient),
        attempts,
        code,
        responseCode,
        ...(gaveUp ? {} : { retryInMs: delayMs }),
        error: withoutAddresses(message),
      },
      gaveUp ? 'mail failed: not delivered, given up' : 'mail not delivered: will retry',
    );
    // The database keeps the whole answer (the recipient is in the row anyway); the log does not.
    const stored = message.slice(0, 1000);
    return gaveUp
      ? { kind: 'failed', mail, error: stored }
      : { kind: 'retry', mail, delayMs, error: stored, transportDown: isTransportDown(error) };
  }

  async function record(outcomes: Outcome[]): Promise<void> {
    const sent: string[] = [];
    const retries: MailRetry[] = [];
    const failures: MailFailure[] = [];
    for (const outcome of outcomes) {
      if (outcome.kind === 'sent') sent.push(outcome.mail.id);
      else if (outcome.kind === 'retry')
        retries.push({ id: outcome.mail.id, delayMs: outcome.delayMs, error: outcome.error });
      else failures.push({ id: outcome.mail.id, error: outcome.error });
    }
    // The mails are out: try hard to record it, else the lease runs out and they go again.
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction().execute(async (trx) => {
          await markMailsSent(trx, sent);
          await markMailsForRetry(trx, retries);
          await markMailsFailed(trx, failures);
        });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
    counts.sent += sent.length;
    counts.retried += retries.length;
    counts.failed += failures.length;
    options.observer?.recorded({ sent: sent.length, retried: retries.length, failed: failures.length });
  }

  /** One look at the outbox. Returns how long to wait before the next (0: go on at once). */
  async function pass(): Promise<number> {
    const passNumber = ++passesStarted;
    const claim = await claimDueMails(db, {
      limit: batchSize,
      leaseSeconds,
      maxPerHour: config.mail.maxPerHour,
    });
    if (claim.mails.length > 0) {
      const outcomes = await Promise.all(claim.mails.map(deliver));
      await record(outcomes);
      // SMTP down for the whole batch: the next batch would only fail the same way (and fill the
      // log with it), so the untried mails wait for a first retry's time, or a wake().
      const down = outcomes.every((outcome) => outcome.kind === 'retry' && outcome.transportDown);
      return down ? retry.baseMs : 0;
    }
    resolveIdleWaiters(passNumber);
    if (claim.capped || claim.msUntilNextDue === null) return pollMs;
    // A few milliseconds late rather than early: the database's clock decides what is due.
    return Math.min(pollMs, claim.msUntilNextDue + 5);
  }

  const loop = (async () => {
    while (!stopping) {
      let waitMs: number;
      try {
        waitMs = await pass();
      } catch (error) {
        logger.error({ error: withoutAddresses(String(error)) }, 'mail sender: outbox not reachable');
        waitMs = Math.max(pollMs, ERROR_PAUSE_MS);
      }
      if (waitMs > 0) await sleep(waitMs);
    }
  })();

  return {
    wake,
    idle: () =>
      new Promise<void>((resolve) => {
        if (stopping) return resolve();
        idleWaiters.push({ afterPass: passesStarted + 1, resolve });
        wake();
      }),
    async stop() {
      stopping = true;
      wake();
      await loop;
      resolveIdleWaiters(Number.POSITIVE_INFINITY);
      transport.close();
    },
    transportKind: transport.kind,
    counts,
  };
}

/** The host and port of an SMTP URL, never its credentials. */
function smtpHost(url: string | undefined): string {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
}

/**
 * Sends everything that may go now and stops: for scripts and benchmarks (queue mails with
 * queueMails, then call this and time it).
 */
export async function sendQueuedMails(options: MailSenderOptions): Promise<MailSenderCounts> {
  const sender = startMailSender(options);
  try {
    await sender.idle();
  } finally {
    await sender.stop();
  }
  return { ...sender.counts };
}
