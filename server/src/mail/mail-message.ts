import { createHash } from 'node:crypto';
import type { MailPayload } from './mail-kinds.js';
import type { RenderedMail } from './render-mail.js';

/** One mail as the transport takes it: addresses, content, and our headers. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** '<hex@host>': the same for every attempt at one mail, so receivers can drop a redelivery. */
  messageId: string;
  headers: Record<string, string>;
}

/**
 * The Message-ID of a mail: derived from its idempotency key, so a mail delivered again after a
 * crash (delivery is at-least-once) carries the same id and receivers can deduplicate it.
 */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex');
  return `<${digest}@${hostOf(from)}>`;
}

/** The domain of the From address ('Jobbportalen <no-reply@example.se>' → 'example.se'). */
export function hostOf(from: string): string {
  const match = /@([^\s@<>]+)>?\s*$/.exec(from);
  return match?.[1]?.toLowerCase() ?? 'localhost';
}

/**
 * Headers beyond the usual: mails about a subscription offer one-click unsubscribe (RFC 8058: a
 * POST to the link, no page, no login), and every mail says it was sent by a machine (RFC 3834),
 * so auto-replies and out-of-office answers stay away.
 */
export function extraHeaders(payload: MailPayload): Record<string, string> {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (payload.kind === 'alert' || payload.kind === 'alert-reminder') {
    headers['List-Unsubscribe'] = `<${payload.oneClickUnsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}

export function outgoingMail(
  mail: { idempotencyKey: string; recipient: string; payload: MailPayload },
  rendered: RenderedMail,
  from: string,
): OutgoingMail {
  return {
    from,
    to: mail.recipient,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: messageIdFor(mail.idempotencyKey, from),
    headers: extraHeaders(mail.payload),
  };
}

/** 'anna.svensson@example.se' → 'a…@example.se': enough to tell mails apart in a log, not to write to. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${address.slice(0, 1)}…${address.slice(at)}`;
}

const ADDRESS = /[^\s<>"'@]+@[^\s<>"'@]+/g;

/** An error message fit for the log: every address in it masked (SMTP answers often quote the recipient). */
export const withoutAddresses = (message: string): string =>
  message.replace(ADDRESS, (address) => maskAddress(address));
