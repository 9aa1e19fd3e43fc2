import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertPayload, queued } from './mail-fixtures.test-helper.js';
import {
  deleteOldMails,
  eraseRecipient,
  forgetSubscriptionMails,
  markMailsSent,
  queueMails,
} from './mail-outbox.repository.js';

const SUBSCRIPTION = '11111111-2222-3333-4444-555555555555';
const OTHER = '99999999-2222-3333-4444-555555555555';

describe.each(testDatabaseKinds())('what the mail outbox forgets, on %s', (kind) => {
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

  const rows = () =>
    database.db
      .selectFrom('mailOutbox')
      .select(['idempotencyKey', 'recipient', 'status', 'payload'])
      .orderBy('idempotencyKey')
      .execute();
  const idOf = async (key: string) =>
    (
      await database.db
        .selectFrom('mailOutbox')
        .select('id')
        .where('idempotencyKey', '=', key)
        .executeTakeFirstOrThrow()
    ).id;

  it('withdraws an ended subscription’s queued mails and, for a visitor, erases the sent ones’ address', async () => {
    await queueMails(database.db, [
      queued(`alert:${SUBSCRIPTION}:daily:2030-01-01`, 'a@example.se', alertPayload()),
      queued(`alert:${SUBSCRIPTION}:daily:2030-01-02`, 'a@example.se', alertPayload()),
      queued(`alert:${OTHER}:daily:2030-01-02`, 'b@example.se', alertPayload()),
    ]);
    await markMailsSent(database.db, [await idOf(`alert:${SUBSCRIPTION}:daily:2030-01-01`)]);

    await forgetSubscriptionMails(database.db, SUBSCRIPTION, { eraseAddress: false });
    expect((await rows()).map((row) => [row.idempotencyKey, row.recipient])).toEqual([
      [`alert:${SUBSCRIPTION}:daily:2030-01-01`, 'a@example.se'],
      [`alert:${OTHER}:daily:2030-01-02`, 'b@example.se'],
    ]);

    await forgetSubscriptionMails(database.db, SUBSCRIPTION, { eraseAddress: true });
    const [erased, other] = await rows();
    expect(other?.recipient).toBe('b@example.se');
    expect(erased).toMatchObject({ recipient: '', payload: {} });
  });

  it('erases a deleted account’s address from every mail and sends it nothing more', async () => {
    await queueMails(database.db, [
      queued('verify-email:x:0:1', 'konto@example.se', {
        kind: 'verify-email',
        name: 'K',
        verifyUrl: 'https://x/v',
      }),
      queued(`alert:${SUBSCRIPTION}:run:1`, 'konto@example.se', alertPayload()),
    ]);
    await markMailsSent(database.db, [await idOf('verify-email:x:0:1')]);
    await eraseRecipient(database.db, 'konto@example.se');
    expect(await rows()).toEqual([
      { idempotencyKey: 'verify-email:x:0:1', recipient: '', status: 'sent', payload: {} },
    ]);
  });

  it('keeps delivered mails only as long as the admin chart shows them, queued ones always', async () => {
    await queueMails(database.db, [
      queued('old-sent', 'a@example.se', alertPayload()),
      queued('old-queued', 'a@example.se', alertPayload()),
    ]);
    await markMailsSent(database.db, [await idOf('old-sent')]);
    expect(await deleteOldMails(database.db, new Date(Date.now() + 1000), 100)).toBe(1);
    expect((await rows()).map((row) => row.idempotencyKey)).toEqual(['old-queued']);
  });
});
