import { stockholmDate, UNCONFIRMED_SUBSCRIPTION_DAYS } from '@jobbportalen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import {
  bearer,
  createUser,
  jobRow,
  RELAXED_RATE_LIMITS,
  type TestUser,
} from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import {
  IDLE_BEFORE_REMINDER_DAYS,
  REMOVAL_AFTER_REMINDER_DAYS,
} from '../features/alerts/alert-housekeeping.js';
import { createSignedTokens } from '../http/signed-tokens.js';
import { SESSION_DAYS } from '../plugins/auth.js';

const EXPORTS_PER_ACCOUNT = 3;

describe.each(testDatabaseKinds())('privacy: /api/privacy and the export on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: {
        ...RELAXED_RATE_LIMITS,
        RATE_LIMIT_MAIL_REQUESTS_PER_IP: '10000',
        RATE_LIMIT_EXPORTS_PER_ACCOUNT: String(EXPORTS_PER_ACCOUNT),
        // Not the defaults: the answer must follow the settings, not a number written twice.
        RETENTION_MAIL_DAYS: '12',
        RETENTION_ALERT_SENT_DAYS: '45',
        RETENTION_RESOLVED_REPORT_DAYS: '60',
      },
    });
    await t.database.db
      .insertInto('jobs')
      .values([
        jobRow({ id: 'job-1', title: 'Sjuksköterska', company: 'Region Uppsala' }),
        jobRow({ id: 'job-2', title: 'Javautvecklare', company: 'Kodbolaget' }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const exportOf = (token?: string) =>
    t.app.inject({ url: '/api/candidate/export', headers: token ? bearer(token) : {} });

  const subscribe = async (email: string, search: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/subscribe',
      payload: { email, query: { search }, alert: 'daily' },
    });
    expect(response.statusCode).toBe(202);
    // The address's newest subscription is the one just made.
    return t.database.db
      .selectFrom('savedSearches')
      .selectAll()
      .where('email', '=', email)
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
  };

  /** A user with something in every table the export reads. */
  async function userWithData(): Promise<{ user: TestUser; accountSearchId: string }> {
    const user = await createUser(t);
    const db = t.database.db;
    await db.insertInto('savedJobs').values({ userId: user.id, jobId: 'job-1' }).execute();
    const visitor = await subscribe(user.email, 'sjuksköterska');
    const account = await db
      .insertInto('savedSearches')
      .values({
        userId: user.id,
        name: 'Java i Göteborg',
        query: JSON.stringify({ search: 'java' }),
        queryKey: 'search=java',
        alert: 'weekly',
        confirmedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('alertMails')
      .values({ savedSearchId: account.id, period: '2026-W40', jobIds: ['job-2'] })
      .execute();
    await db
      .insertInto('mailOutbox')
      .values({
        idempotencyKey: `privacy-test:${user.id}`,
        kind: 'reset-password',
        recipient: user.email,
        payload: JSON.stringify({ url: 'https://example.se/verifiera-epost?token=SECRET-LINK-TOKEN' }),
      })
      .execute();
    await db
      .insertInto('adReports')
      .values({
        jobId: 'job-2',
        reason: 'fraud',
        message: 'Ber om BankID',
        reporterKey: `KEYED-HASH-OF-AN-ADDRESS-${user.id}`,
        userId: user.id,
      })
      .execute();
    expect(visitor.userId).toBeNull();
    return { user, accountSearchId: account.id };
  }

  it('answers 401 UNAUTHORIZED without a token or with a bad one, and no data', async () => {
    for (const response of [await exportOf(), await exportOf('not.a.token')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Du måste logga in.' });
      expect(response.headers['content-disposition']).toBeUndefined();
    }
  });

  it('gives a logged-in user everything held about the account, as a file nobody caches', async () => {
    const { user, accountSearchId } = await userWithData();
    const other = await userWithData();

    const response = await exportOf(user.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const day = stockholmDate(new Date());
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="jobbportalen-mina-uppgifter-${day}.json"`,
    );

    const data = response.json();
    expect(data.account).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'candidate',
      emailVerifiedAt: null,
    });
    expect(data.account.signInSecret).toMatch(/envägshash/);
    expect(data.savedJobs).toEqual([
      { jobId: 'job-1', title: 'Sjuksköterska', company: 'Region Uppsala', savedAt: expect.any(String) },
    ]);
    expect(data.savedSearches).toHaveLength(1);
    expect(data.savedSearches[0]).toMatchObject({
      id: accountSearchId,
      name: 'Java i Göteborg',
      query: { search: 'java' },
      alert: 'weekly',
      sentAlerts: [{ period: '2026-W40', jobIds: ['job-2'], createdAt: expect.any(String) }],
    });
    // The alert the same address subscribed to without logging in is held about it too.
    expect(data.subscriptionsWithoutAccount).toHaveLength(1);
    expect(data.subscriptionsWithoutAccount[0]).toMatchObject({ alert: 'daily', confirmedAt: null });
    const kinds = data.mails.map((mail: { kind: string }) => mail.kind);
    expect(kinds).toEqual(expect.arrayContaining(['alert-confirm', 'reset-password']));
    expect(Object.keys(data.mails[0]).sort()).toEqual(['attempts', 'createdAt', 'kind', 'sentAt', 'status']);
    expect(data.adReports).toEqual([
      {
        jobId: 'job-2',
        reason: 'fraud',
        message: 'Ber om BankID',
        createdAt: expect.any(String),
        resolvedAt: null,
        resolution: null,
      },
    ]);
    expect(data.notes.join(' ')).toMatch(/CV och personligt brev/);

    // Never the hash, a mail's one-time link or the reporter's key; never another account's data.
    const text = response.body;
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain('SECRET-LINK-TOKEN');
    expect(text).not.toContain('KEYED-HASH-OF-AN-ADDRESS');
    expect(text).not.toContain(other.user.id);
    expect(text).not.toContain(other.user.email);
    expect(text).not.toContain(other.accountSearchId);
  });

  it('limits exports per account: one account at its limit leaves another untouched', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    for (let i = 0; i < EXPORTS_PER_ACCOUNT; i += 1)
      expect((await exportOf(first.token)).statusCode).toBe(200);
    const refused = await exportOf(first.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect((await exportOf(second.token)).statusCode).toBe(200);
  });

  it('states the retention settings and fixed periods the portal acts on, cacheable by anyone', async () => {
    const response = await t.app.inject({ url: '/api/privacy' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json()).toEqual({
      contactEmail: t.config.contactEmail,
      retention: {
        mailDays: 12,
        alertSentDays: 45,
        resolvedReportDays: 60,
        closedAdDays: t.config.retention.closedAdDays,
        importLogDays: t.config.retention.importLogDays,
        feedControlDays: t.config.retention.feedControlDays,
      },
      alerts: {
        unconfirmedDays: UNCONFIRMED_SUBSCRIPTION_DAYS,
        idleBeforeReminderDays: IDLE_BEFORE_REMINDER_DAYS,
        removalAfterReminderDays: REMOVAL_AFTER_REMINDER_DAYS,
      },
      login: { knownAddressDays: 30, sessionDays: SESSION_DAYS },
    });
  });

  it("shows a visitor's manage link what is held for its address: every subscription of it", async () => {
    const email = `besokare-${Date.now()}@example.se`;
    const first = await subscribe(email, 'lärare');
    await subscribe(email, 'kock');
    await subscribe(`annan-${Date.now()}@example.se`, 'lärare');
    const token = createSignedTokens(t.config.jwtSecret!).sign(
      'alert-manage',
      { subject: first.id },
      {
        expiresInSeconds: 3600,
      },
    );
    const response = await t.app.inject({ url: `/api/alerts/manage?token=${encodeURIComponent(token)}` });
    expect(response.statusCode).toBe(200);
    const { held } = response.json();
    expect(held.email).toBe(email);
    expect(held.subscriptions).toHaveLength(2);
    expect(held.subscriptions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(held.subscriptions[0]).toMatchObject({
      current: true,
      alert: 'daily',
      confirmedAt: null,
      lastMailedAt: null,
    });
  });
});
