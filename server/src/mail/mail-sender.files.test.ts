import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, type TestDatabase } from '@jobbportalen/test-support/databases';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listKeptMails } from './kept-mails.js';
import { alertPayload, queued, recordingLogger } from './mail-fixtures.test-helper.js';
import { messageIdFor } from './mail-message.js';
import { queueMails } from './mail-outbox.repository.js';
import { sendQueuedMails } from './mail-sender.js';

const FROM = 'Jobbportalen <no-reply@jobbportalen.test>';

// The file transport does not depend on the database kind: PGlite alone.
describe('mail sender without SMTP_URL', () => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-eml-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps each mail as an .eml file under DATA_DIR/mail that parses back, and lists the newest', async () => {
    expect(await listKeptMails(dataDir, 10)).toEqual([]);
    const long = '”undersköterska inom äldreomsorgen med nattarbete” i Göteborg';
    await queueMails(database.db, [
      queued('eml-1', 'anna@example.se', alertPayload({ summary: long }, 2)),
      queued('eml-2', 'bo@example.se', {
        kind: 'reset-password',
        name: 'Bo',
        resetUrl: 'https://x.test/r?token=1',
      }),
    ]);
    const counts = await sendQueuedMails({
      db: database.db,
      config: { siteName: 'Jobbportalen', mail: { smtpUrl: undefined, from: FROM, maxPerHour: 100 } },
      dataDir,
      logger: recordingLogger(),
    });
    expect(counts).toEqual({ sent: 2, retried: 0, failed: 0 });

    const files = fs.readdirSync(path.join(dataDir, 'mail')).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\d{12}\.eml$/.test(file))).toBe(
      true,
    );
    const parsed = await Promise.all(
      files.map((file) => simpleParser(fs.readFileSync(path.join(dataDir, 'mail', file)))),
    );
    const alert = parsed.find((mail) => mail.messageId === messageIdFor('eml-1', FROM));
    expect(alert?.subject).toBe(`2 nya jobb för ${long}`);
    expect(alert?.text).toContain('Lärare i matematik 2');
    expect(alert?.html).toContain('Lärare i matematik 2');
    expect(alert?.to && 'text' in alert.to ? alert.to.text : '').toBe('anna@example.se');

    const kept = await listKeptMails(dataDir, 10);
    expect(kept.map((mail) => [mail.to, mail.subject])).toEqual(
      expect.arrayContaining([
        ['anna@example.se', `2 nya jobb för ${long}`],
        ['bo@example.se', 'Återställ ditt lösenord'],
      ]),
    );
    expect(kept.map((mail) => mail.file)).toEqual([...files].reverse());
    for (const mail of kept) expect(Math.abs(Date.parse(mail.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(await listKeptMails(dataDir, 1)).toHaveLength(1);

    const rows = await database.db.selectFrom('mailOutbox').select(['status', 'sentAt']).execute();
    expect(rows.every((row) => row.status === 'sent' && row.sentAt !== null)).toBe(true);
  });
});
