import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertPayload, queued } from './mail-fixtures.test-helper.js';
import {
  claimDueMails,
  markMailsFailed,
  markMailsForRetry,
  markMailsSent,
  queueMails,
} from './mail-outbox.repository.js';

describe.each(testDatabaseKinds())('mail outbox claims on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('mailOutbox').execute();
  });

  const queue = (count: number, prefix = 'm') =>
    queueMails(
      database.db,
      Array.from({ length: count }, (_, i) =>
        queued(`${prefix}-${i}`, `p${i}@example.se`, alertPayload({}, 1)),
      ),
    );

  it('hands a claimed mail to nobody else until its lease runs out, then again (a crashed sender)', async () => {
    await queue(2);
    const first = await claimDueMails(database.db, { limit: 10, leaseSeconds: 1, maxPerHour: 100 });
    expect(first.mails.map((mail) => mail.idempotencyKey).sort()).toEqual(['m-0', 'm-1']);
    expect(first.mails[0]?.payload.kind).toBe('alert');
    expect(first.mails[0]?.attempts).toBe(0);

    const meanwhile = await claimDueMails(database.db, { limit: 10, leaseSeconds: 1, maxPerHour: 100 });
    expect(meanwhile.mails).toEqual([]);
    expect(meanwhile.capped).toBe(false);
    expect(meanwhile.msUntilNextDue).toBeGreaterThan(0);
    expect(meanwhile.msUntilNextDue).toBeLessThanOrEqual(1000);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await claimDueMails(database.db, { limit: 10, leaseSeconds: 60, maxPerHour: 100 });
    expect(again.mails.map((mail) => mail.idempotencyKey).sort()).toEqual(['m-0', 'm-1']);
  });

  it('counts mails on their way against the hourly cap, not only those marked sent', async () => {
    await queue(5);
    const options = { leaseSeconds: 60, maxPerHour: 3 };
    expect((await claimDueMails(database.db, { ...options, limit: 2 })).mails).toHaveLength(2);
    expect((await claimDueMails(database.db, { ...options, limit: 10 })).mails).toHaveLength(1);
    const full = await claimDueMails(database.db, { ...options, limit: 10 });
    expect(full).toEqual({ mails: [], capped: true, msUntilNextDue: null });
  });

  it('marks hundreds of outcomes in one statement each', async () => {
    await queue(900);
    const { mails } = await claimDueMails(database.db, { limit: 900, leaseSeconds: 60, maxPerHour: 10_000 });
    expect(mails).toHaveLength(900);
    await markMailsSent(
      database.db,
      mails.slice(0, 300).map((mail) => mail.id),
    );
    await markMailsForRetry(
      database.db,
      mails.slice(300, 600).map((mail) => ({ id: mail.id, delayMs: 3_600_000, error: '451 later' })),
    );
    await markMailsFailed(
      database.db,
      mails.slice(600).map((mail) => ({ id: mail.id, error: '550 no' })),
    );
    const rows = await database.db
      .selectFrom('mailOutbox')
      .select(['status', 'attempts', 'lastError', 'sentAt', 'nextAttemptAt'])
      .execute();
    const of = (status: string) => rows.filter((row) => row.status === status);
    expect(of('sent')).toHaveLength(300);
    expect(of('queued')).toHaveLength(300);
    expect(of('failed')).toHaveLength(300);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    for (const row of of('queued')) {
      expect(row.sentAt).toBeNull();
      expect(row.lastError).toBe('451 later');
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    }
    expect(of('failed').every((row) => row.lastError === '550 no' && row.sentAt !== null)).toBe(true);
    // Waiting for a retry no longer counts against the cap; sent and failed do.
    const claim = await claimDueMails(database.db, { limit: 10, leaseSeconds: 60, maxPerHour: 601 });
    expect(claim.capped).toBe(false);
    expect(claim.msUntilNextDue).toBeGreaterThan(3_000_000);
  });
});
