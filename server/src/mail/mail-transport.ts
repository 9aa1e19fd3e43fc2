import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './mail-message.js';

/** Where mails go: an SMTP server, or .eml files in the data dir when none is configured. */
export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  /** Resolves once the mail is accepted (by the SMTP server, or written); rejects with the reason. */
  send(mail: OutgoingMail, outboxId: string): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  /** smtp:// or smtps://; unset → .eml files under `<dataDir>/mail`. */
  smtpUrl: string | undefined;
  dataDir: string;
  /** SMTP connections kept open side by side. */
  connections?: number;
}

/**
 * Five connections side by side, each sending up to 1000 mails before it is replaced. Against a
 * local SMTP server the sender's own CPU is the limit (rendering and MIME-encoding take about
 * 1.3 ms a mail), so 1, 5 and 10 connections delivered the same 420–460 mails/s; against a remote
 * server each mail waits a network round trip or more for its answer, and that is what several
 * connections hide. Providers commonly accept a handful of parallel connections per client.
 */
export const DEFAULT_SMTP_CONNECTIONS = 5;

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.connections ?? DEFAULT_SMTP_CONNECTIONS)
    : fileTransport(path.join(options.dataDir, 'mail'));
}

function smtpTransport(url: string, connections: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
    maxMessages: 1000,
    // A server that does not answer must not hold a batch for nodemailer's default minutes: the
    // mails go back to the queue and are retried with backoff instead.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP each mail becomes an RFC 822 file, `<time>-<outbox id>.eml` (names sort by time),
 * written under a temporary name and renamed, so a reader never sees half a mail.
 */
function fileTransport(directory: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'files',
    async send(mail, outboxId) {
      ready ??= fs.mkdir(directory, { recursive: true }).catch((error: unknown) => {
        ready = undefined; // try again with the next mail (a disk that was full, a directory removed)
        throw error;
      });
      await ready;
      const info = await composer.sendMail(mail);
      const name = keptMailName(new Date(), outboxId);
      const target = path.join(directory, name);
      await fs.writeFile(`${target}.tmp`, info.message as Buffer);
      await fs.rename(`${target}.tmp`, target);
    },
    close: () => composer.close(),
  };
}

/** '2026-01-15T07-30-00-123Z-000000000042.eml': an ISO time without ':' and '.', then the outbox id. */
export function keptMailName(at: Date, outboxId: string): string {
  const time = at.toISOString().replace(/[:.]/g, '-');
  return `${time}-${outboxId.padStart(12, '0')}.eml`;
}
