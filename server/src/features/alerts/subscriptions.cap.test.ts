// A visitor's unconfirmed subscriptions are capped per address: each new query is a row, and the
// mail budget bounds only the mails, so without the cap the rows would pile up.
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { RELAXED_RATE_LIMITS, uniqueEmail } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNCONFIRMED_SUBSCRIPTIONS, SUBSCRIBE_MESSAGE } from './subscriptions.service.js';

describe.each(testDatabaseKinds())('unconfirmed subscriptions per address on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ...RELAXED_RATE_LIMITS, RATE_LIMIT_MAIL_REQUESTS_PER_IP: '10000' },
    });
  });
  afterAll(() => t.close());

  const subscribe = (email: string, search: string, alert = 'daily') =>
    t.app.inject({
      method: 'POST',
      url: '/api/alerts/subscribe',
      payload: { email, query: { search }, alert },
    });
  const rowsOf = (email: string) =>
    t.database.db
      .selectFrom('savedSearches')
      .select(['queryKey', 'alert', 'confirmedAt'])
      .where('email', '=', email)
      .execute();

  it(`stores at most ${MAX_UNCONFIRMED_SUBSCRIPTIONS} new queries; beyond, the same answer and nothing stored`, async () => {
    const email = uniqueEmail('samlare');
    for (let i = 0; i < MAX_UNCONFIRMED_SUBSCRIPTIONS + 4; i += 1) {
      const response = await subscribe(email, `florist ${i}`);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: SUBSCRIBE_MESSAGE });
    }
    expect(await rowsOf(email)).toHaveLength(MAX_UNCONFIRMED_SUBSCRIPTIONS);
    // A query the address already has is still the same row: its frequency may change.
    expect((await subscribe(email, 'florist 0', 'weekly')).statusCode).toBe(202);
    const rows = await rowsOf(email);
    expect(rows).toHaveLength(MAX_UNCONFIRMED_SUBSCRIPTIONS);
    expect(rows.filter((row) => row.alert === 'weekly')).toHaveLength(1);
  });

  it('holds when the requests come at once', async () => {
    const email = uniqueEmail('samtidig');
    const answers = await Promise.all(
      Array.from({ length: MAX_UNCONFIRMED_SUBSCRIPTIONS + 5 }, (_, i) => subscribe(email, `snickare ${i}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 202));
    expect(await rowsOf(email)).toHaveLength(MAX_UNCONFIRMED_SUBSCRIPTIONS);
  });

  it('confirmed subscriptions do not count: only the unconfirmed ones are capped', async () => {
    const email = uniqueEmail('bekraftad');
    for (let i = 0; i < MAX_UNCONFIRMED_SUBSCRIPTIONS; i += 1) await subscribe(email, `murare ${i}`);
    await t.database.db
      .updateTable('savedSearches')
      .set({ confirmedAt: new Date() })
      .where('email', '=', email)
      .execute();
    expect((await subscribe(email, 'murare ny')).statusCode).toBe(202);
    const rows = await rowsOf(email);
    expect(rows).toHaveLength(MAX_UNCONFIRMED_SUBSCRIPTIONS + 1);
    expect(rows.filter((row) => row.confirmedAt === null)).toHaveLength(1);
  });
});
