import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { alertPayload, queued, recordingLogger } from './mail-fixtures.test-helper.js';
import { messageIdFor } from './mail-message.js';
import { mailQueueState, mailsPerDay, queueMails } from './mail-outbox.repository.js';
import { startMailSender, type MailSender, type MailSenderOptions } from './mail-sender.js';
import { createTestSmtpServer, type TestSmtpServer } from './smtp-test-server.test-helper.js';

const FROM = 'Jobbportalen <no-reply@jobbportalen.test>';
const ANNA = 'anna.svensson@example.se';

function mailConfig(smtpUrl: string | undefined, maxPerHour = 20_000): Pick<Config, 'mail' | 'siteName'> {
  return { siteName: 'Jobbportalen', mail: { smtpUrl, from: FROM, maxPerHour } };
}

describe.each(testDatabaseKinds())('mail sender over SMTP on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let sender: MailSender | undefined;
  let dataDir: string;
  const logger = recordingLogger();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-mail-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.deleteFrom('mailOutbox').execute();
    logger.lines.length = 0;
    smtp = await createTestSmtpServer();
  });
  afterEach(async () => {
    await sender?.stop();
    sender = undefined;
    await smtp.close();
  });

  const start = (options: Partial<MailSenderOptions> = {}) => {
    sender = startMailSender({
      db: database.db,
      config: mailConfig(smtp.url),
      dataDir,
      logger,
      pollMs: 200,
      retry: { baseMs: 300, random: () => 0 },
      ...options,
    });
    return sender;
  };
  const rows = () => database.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();

  it('delivers a queued mail once, with both parts, a Swedish subject and one-click unsubscribe', async () => {
    await smtp.listen();
    const hostile = alertPayload({ name: '<script>x</script>' }, 1);
    hostile.ads[0] = { ...hostile.ads[0]!, title: '<script>alert("$&")</script> \'citat\'' };
    await queueMails(database.db, [
      queued('alert:s1:2026-01-15', ANNA, hostile),
      queued('verify:u1:1', 'bo@example.se', {
        kind: 'verify-email',
        name: 'Bo',
        verifyUrl: 'https://jobbportalen.test/verifiera-epost?token=v',
      }),
    ]);
    // Queued twice: the idempotency key keeps it one mail.
    await queueMails(database.db, [queued('alert:s1:2026-01-15', ANNA, hostile)]);
    const running = start();
    await running.idle();

    expect(smtp.received).toHaveLength(2);
    const alert = smtp.received.find((mail) => mail.subject?.startsWith('1 nytt jobb'));
    expect(alert?.subject).toBe('1 nytt jobb för ”lärare” i Göteborg');
    expect(alert?.from?.value).toEqual([{ name: 'Jobbportalen', address: 'no-reply@jobbportalen.test' }]);
    expect(alert?.messageId).toBe(messageIdFor('alert:s1:2026-01-15', FROM));
    expect(alert?.text).toContain('<script>alert("$&")</script> \'citat\'');
    expect(alert?.html).toContain('&lt;script&gt;alert(&quot;$&amp;&quot;)&lt;/script&gt; &#x27;citat&#x27;');
    expect(alert?.html).not.toContain('<script>');
    // mailparser folds the List-* headers into one object: read them from the message as sent.
    const alertRaw = smtp.raw.find((message) => message.includes('List-Unsubscribe:')) ?? '';
    expect(alertRaw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/jobbportalen\.test\/api\/alerts\/unsubscribe\?token=manage-token>\r?$/m,
    );
    expect(alertRaw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const verify = smtp.received.find((mail) => mail.subject === 'Bekräfta din e-postadress');
    expect(verify?.headers.has('list')).toBe(false);
    expect(smtp.raw.filter((message) => message.includes('List-Unsubscribe'))).toHaveLength(1);
    expect(verify?.html).toContain('Bekräfta e-postadressen');

    const stored = await rows();
    expect(stored.map((row) => [row.status, row.attempts, row.sentAt !== null])).toEqual([
      ['sent', 1, true],
      ['sent', 1, true],
    ]);
    expect(running.counts).toEqual({ sent: 2, retried: 0, failed: 0 });

    // Nothing more goes out on later looks.
    await running.idle();
    expect(smtp.received).toHaveLength(2);
  });

  it('keeps mails queued while SMTP is down and delivers each once when it is back', async () => {
    await queueMails(database.db, [
      queued('k1', ANNA, alertPayload()),
      queued('k2', 'bo@example.se', alertPayload({ name: 'bo' })),
    ]);
    const running = start({ retry: { baseMs: 1_500, random: () => 0 } });
    await running.idle();

    const waiting = await rows();
    for (const row of waiting) {
      expect(row.status).toBe('queued');
      expect(row.attempts).toBe(1);
      expect(row.sentAt).toBeNull();
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    }
    expect(running.counts.retried).toBe(2);

    await smtp.listen();
    await smtp.waitFor(2, 10_000);
    await running.idle();
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(
      [messageIdFor('k1', FROM), messageIdFor('k2', FROM)].sort(),
    );
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    // The log names the failure, not the recipient.
    const logged = JSON.stringify(logger.lines);
    expect(logged).toContain('a…@example.se');
    expect(logged).not.toContain(ANNA);
  });

  it('pauses after a batch finds SMTP down rather than failing every queued mail', async () => {
    await queueMails(
      database.db,
      Array.from({ length: 6 }, (_, i) => queued(`pause-${i}`, `p${i}@example.se`, alertPayload())),
    );
    const running = start({ batchSize: 2, retry: { baseMs: 60_000, random: () => 0 } });
    const attempted = async () => (await rows()).filter((row) => row.attempts > 0).length;
    const deadline = Date.now() + 10_000;
    while ((await attempted()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await attempted()).toBe(2);
    expect(JSON.stringify(logger.lines.filter((line) => line.level === 'warn'))).toMatch(
      /ESOCKET|ECONNECTION/,
    );

    // Back up, and told so: the four untried go now; the two that failed wait for their retry.
    await smtp.listen();
    running.wake();
    await smtp.waitFor(4, 10_000);
    await running.idle();
    expect(smtp.received).toHaveLength(4);
    expect((await rows()).filter((row) => row.status === 'queued')).toHaveLength(2);
  });

  it('fails a mail the server rejects for good (550) and never tries it again', async () => {
    await smtp.listen();
    smtp.reject(ANNA, { responseCode: 550, message: `5.1.1 <${ANNA}>: no such user` });
    await queueMails(database.db, [queued('k-550', ANNA, alertPayload())]);
    const running = start();
    await running.idle();

    let [row] = await rows();
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('550');
    expect(running.counts.failed).toBe(1);

    // Well past when a retry would have come.
    smtp.reject(ANNA, null);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await running.idle();
    [row] = await rows();
    expect(row?.attempts).toBe(1);
    expect(smtp.received).toHaveLength(0);
    expect(JSON.stringify(logger.lines)).not.toContain(ANNA);
  });

  it('retries a mail the server turns away for now (451)', async () => {
    await smtp.listen();
    smtp.reject(ANNA, { responseCode: 451, message: '4.7.1 try again later' });
    await queueMails(database.db, [queued('k-451', ANNA, alertPayload())]);
    const running = start({ retry: { baseMs: 1_000, random: () => 0 } });
    await running.idle();

    let [row] = await rows();
    expect(row?.status).toBe('queued');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('451');

    smtp.reject(ANNA, null);
    await smtp.waitFor(1, 10_000);
    await running.idle();
    [row] = await rows();
    expect(row?.status).toBe('sent');
    expect(row?.attempts).toBe(2);
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up after the last allowed attempt', async () => {
    await queueMails(database.db, [queued('k-down', ANNA, alertPayload())]);
    const running = start({ retry: { baseMs: 50, maxAttempts: 3, random: () => 0 } });
    const deadline = Date.now() + 10_000;
    while ((await rows())[0]?.status !== 'failed' && Date.now() < deadline) await running.idle();
    const [row] = await rows();
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(3);
  });

  it('hands at most MAIL_MAX_PER_HOUR mails to SMTP in an hour; the rest wait', async () => {
    await smtp.listen();
    await queueMails(
      database.db,
      Array.from({ length: 5 }, (_, i) => queued(`cap-${i}`, `p${i}@example.se`, alertPayload())),
    );
    const running = start({ config: mailConfig(smtp.url, 3) });
    await running.idle();
    await running.idle();
    expect(smtp.received).toHaveLength(3);
    const stored = await rows();
    expect(stored.filter((row) => row.status === 'sent')).toHaveLength(3);
    expect(stored.filter((row) => row.status === 'queued')).toHaveLength(2);

    // A second sender (a restart, another process) counts the same hour.
    await running.stop();
    sender = undefined;
    const again = start({ config: mailConfig(smtp.url, 4) });
    await again.idle();
    expect(smtp.received).toHaveLength(4);
    expect((await mailQueueState(database.db)).queued).toBe(1);
  });

  it('reports the queue and the mails per Stockholm day for the overview', async () => {
    await smtp.listen();
    smtp.reject('nobody@example.se', { responseCode: 550, message: 'no such user' });
    await queueMails(database.db, [
      queued('o1', ANNA, alertPayload()),
      queued('o2', 'nobody@example.se', alertPayload()),
    ]);
    const running = start();
    await running.idle();
    await queueMails(database.db, [queued('o3', ANNA, alertPayload())]);
    await database.db
      .updateTable('mailOutbox')
      .set({ nextAttemptAt: new Date(Date.now() + 3600_000) })
      .where('idempotencyKey', '=', 'o3')
      .execute();

    const state = await mailQueueState(database.db);
    expect(state.queued).toBe(1);
    expect(state.failed).toBe(1);
    expect(Date.parse(state.oldestQueuedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const days = await mailsPerDay(database.db);
    expect(days).toHaveLength(30);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    expect(days.at(-1)).toEqual({ day: today, sent: 1, failed: 1 });
    expect(days.slice(0, -1).every((day) => day.sent === 0 && day.failed === 0)).toBe(true);
    expect((days[0]?.day ?? '') < today).toBe(true);
  });
});
