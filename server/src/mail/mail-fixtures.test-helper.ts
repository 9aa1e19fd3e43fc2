import type { AlertMailPayload, MailPayload, QueuedMail } from './mail-kinds.js';
import type { MailLogger } from './mail-sender.js';

export const BASE = 'https://jobbportalen.test';

/** An alert with `count` ads (and `moreCount` beyond them). */
export function alertPayload(overrides: Partial<AlertMailPayload> = {}, count = 2): AlertMailPayload {
  return {
    kind: 'alert',
    name: 'lärare',
    summary: '”lärare” i Göteborg',
    frequency: 'daily',
    ads: Array.from({ length: count }, (_, i) => ({
      id: `ad-${i + 1}`,
      title: `Lärare i matematik ${i + 1}`,
      company: 'Göteborgs Stad',
      location: 'Göteborg',
      lastDate: i === 0 ? '2026-12-01T23:59:59' : null,
      url: `${BASE}/jobb/ad-${i + 1}`,
    })),
    moreCount: 0,
    searchUrl: `${BASE}/jobb?search=l%C3%A4rare&city=G%C3%B6teborg`,
    manageUrl: `${BASE}/bevakning/hantera?token=manage-token`,
    oneClickUnsubscribeUrl: `${BASE}/api/alerts/unsubscribe?token=manage-token`,
    ...overrides,
  };
}

export function queued(key: string, recipient: string, payload: MailPayload): QueuedMail {
  return { idempotencyKey: key, recipient, payload };
}

/** A logger that keeps every line, to check what reaches the log. */
export function recordingLogger(): MailLogger & { lines: { level: string; obj: object; msg?: string }[] } {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj, ...(msg === undefined ? {} : { msg }) });
    };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}
