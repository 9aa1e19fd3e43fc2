import { createDatabase, type DatabaseHandle } from '@jobbportalen/storage';
import { openTestDatabase, type TestDatabase } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertPayload, queued, recordingLogger } from './mail-fixtures.test-helper.js';
import { messageIdFor } from './mail-message.js';
import { queueMails } from './mail-outbox.repository.js';
import { startMailSender } from './mail-sender.js';
import { createTestSmtpServer, type TestSmtpServer } from './smtp-test-server.test-helper.js';

const FROM = 'Jobbportalen <no-reply@jobbportalen.test>';
const MAILS = 400;

// Two processes on one database: only PostgreSQL has more than one connection to race on.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two mail senders on one PostgreSQL', () => {
  let first: TestDatabase;
  let second: DatabaseHandle;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    first = await openTestDatabase('postgres');
    second = await createDatabase({ dataDir: '', databaseUrl: first.url, maxConnections: 5 });
    smtp = await createTestSmtpServer();
    await smtp.listen();
  });
  afterAll(async () => {
    await smtp?.close();
    await second?.close();
    await first?.close();
  });

  it('never send one mail twice, and together send them all', async () => {
    const keys = Array.from({ length: MAILS }, (_, i) => `race-${i}`);
    await queueMails(
      first.db,
      keys.map((key, i) => queued(key, `p${i}@example.se`, alertPayload({}, 1))),
    );
    const options = {
      config: { siteName: 'Jobbportalen', mail: { smtpUrl: smtp.url, from: FROM, maxPerHour: 20_000 } },
      dataDir: '',
      logger: recordingLogger(),
      // Small batches: many claims, so the two meet often.
      batchSize: 10,
      pollMs: 100,
    };
    const a = startMailSender({ ...options, db: first.db });
    const b = startMailSender({ ...options, db: second.db });
    try {
      await Promise.all([a.idle(), b.idle()]);
      await Promise.all([a.idle(), b.idle()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }

    const ids = smtp.received.map((mail) => mail.messageId);
    expect(ids).toHaveLength(MAILS);
    expect(new Set(ids).size).toBe(MAILS);
    expect(new Set(ids)).toEqual(new Set(keys.map((key) => messageIdFor(key, FROM))));
    expect(a.counts.sent + b.counts.sent).toBe(MAILS);
    // Both took part (each claim is a round trip; one sender cannot take them all while the other waits).
    expect(a.counts.sent).toBeGreaterThan(0);
    expect(b.counts.sent).toBeGreaterThan(0);
    const rows = await first.db.selectFrom('mailOutbox').select(['status', 'attempts']).execute();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
