import { uniqueEmail } from '@jobbportalen/test-support/auth';
import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailLinks } from '../../mail/mail-links.js';
import { jobsFacetValues } from '../../search/facet-values-cache.js';
import { alertHousekeeping } from './alert-housekeeping.js';
import { runAlerts, type AlertRunDependencies } from './alert-run.js';
import { startAlertScheduler } from './alert-scheduler.js';
import {
  adIdsIn,
  alertsWorld,
  appTokens,
  arrive,
  confirmedVisitor,
  drain,
  freshAd,
  mailsTo,
  PUBLIC_URL,
  quietLogger,
  tokenFrom,
  type AlertsWorld,
} from './alerts.test-helper.js';
import { NO_PROFILES } from './profile-search.js';

// The runs here happen at chosen moments of January 2030 (Wednesday the 16th; Mondays are the
// 14th and the 21st); the ads are stamped first seen at moments of the same days.
const at = (iso: string) => new Date(iso);
const YEAR_LATER = at('2031-01-01T00:00:00Z');
const isAlert = (mail: ParsedMail) => /nya? ?jobb|nytt jobb/.test(mail.subject ?? '');

describe('when alerts are due (the scheduler’s runs)', () => {
  let world: AlertsWorld;
  let deps: (now: string) => AlertRunDependencies;
  beforeAll(async () => {
    world = await alertsWorld('pglite');
    const { t } = world;
    deps = (now) => ({
      database: t.database,
      search: t.search,
      indexUid: t.config.meiliIndex,
      facetValues: jobsFacetValues(t.search, t.config.meiliIndex),
      links: createMailLinks(PUBLIC_URL, appTokens(t)),
      profiles: NO_PROFILES,
      now: () => at(now),
    });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  const scheduled = async (now: string) => {
    const result = await runAlerts(deps(now), { kind: 'scheduled', dailyAt: '07:00' });
    await world.sender.idle();
    return result;
  };
  const alertsTo = (email: string) => mailsTo(world, email).filter(isAlert);
  /** A confirmed visitor whose alert was last checked up to `checkedUntil`. */
  const subscriber = async (word: string, alert: 'instant' | 'daily' | 'weekly', checkedUntil: string) => {
    const email = uniqueEmail(word);
    await confirmedVisitor(world, email, { search: word }, alert);
    await world.t.database.db
      .updateTable('savedSearches')
      .set({ checkedUntil: at(checkedUntil) })
      .where('email', '=', email)
      .execute();
    return email;
  };
  const ad = (id: string, title: string, firstSeenAt: string) =>
    arrive(world.t, [freshAd(id, { title, lastDate: YEAR_LATER, expiresAt: YEAR_LATER })], {
      firstSeenAt: at(firstSeenAt),
    });

  it('runs a daily alert once its Stockholm time has come, once a day', async () => {
    const email = await subscriber('rektor', 'daily', '2030-01-15T16:00:00Z');
    await ad('rektor-1', 'Rektor', '2030-01-16T02:00:00Z');
    // 06:00 Stockholm: not yet 07:00.
    expect(await scheduled('2030-01-16T05:00:00Z')).toMatchObject({ mails: 0 });
    expect(alertsTo(email)).toEqual([]);
    expect(await scheduled('2030-01-16T06:30:00Z')).toMatchObject({ mails: 1 });
    expect(alertsTo(email).map(adIdsIn)).toEqual([['rektor-1']]);
    // Later the same day: checked, not due again.
    await ad('rektor-2', 'Rektor', '2030-01-16T09:00:00Z');
    expect(await scheduled('2030-01-16T20:00:00Z')).toMatchObject({ subscriptions: 0, mails: 0 });
    expect(await scheduled('2030-01-17T06:10:00Z')).toMatchObject({ mails: 1 });
    expect(alertsTo(email).map(adIdsIn)).toEqual([['rektor-1'], ['rektor-2']]);
    const periods = await world.t.database.db
      .selectFrom('alertMails')
      .innerJoin('savedSearches', 'savedSearches.id', 'alertMails.savedSearchId')
      .select('period')
      .where('savedSearches.email', '=', email)
      .orderBy('period')
      .execute();
    expect(periods.map((row) => row.period)).toEqual(['daily:2030-01-16', 'daily:2030-01-17']);
  });

  it('runs a weekly alert on Mondays only', async () => {
    const email = await subscriber('sommelier', 'weekly', '2030-01-14T12:00:00Z');
    await ad('sommelier-1', 'Sommelier', '2030-01-15T10:00:00Z');
    await scheduled('2030-01-16T06:30:00Z');
    await scheduled('2030-01-20T06:30:00Z');
    expect(alertsTo(email)).toEqual([]);
    await scheduled('2030-01-21T06:05:00Z');
    expect(alertsTo(email).map(adIdsIn)).toEqual([['sommelier-1']]);
    const [row] = await world.t.database.db
      .selectFrom('alertMails')
      .innerJoin('savedSearches', 'savedSearches.id', 'alertMails.savedSearchId')
      .select('period')
      .where('savedSearches.email', '=', email)
      .execute();
    expect(row?.period).toBe('weekly:2030-W04');
  });

  it('runs an instant alert every tick, but mails it at most once an hour', async () => {
    const email = await subscriber('glasmastare', 'instant', '2030-02-01T11:00:00Z');
    await ad('glas-1', 'Glasmästare', '2030-02-01T11:30:00Z');
    await scheduled('2030-02-01T12:00:00Z');
    await ad('glas-2', 'Glasmästare', '2030-02-01T12:05:00Z');
    await scheduled('2030-02-01T12:10:00Z');
    await scheduled('2030-02-01T12:50:00Z');
    expect(alertsTo(email).map(adIdsIn)).toEqual([['glas-1']]);
    await scheduled('2030-02-01T13:01:00Z');
    expect(alertsTo(email).map(adIdsIn)).toEqual([['glas-1'], ['glas-2']]);
  });

  it('waits for the search index: an ad still in the outbox holds the daily run back', async () => {
    const email = await subscriber('konditor', 'daily', '2030-03-05T12:00:00Z');
    await ad('konditor-1', 'Konditor', '2030-03-06T01:00:00Z');
    // A change not yet searchable (its outbox row waits): the run's horizon stops before it, which
    // is before today's moment, so the daily alert waits rather than reports half a day.
    await arrive(world.t, [freshAd('konditor-x', { title: 'Bagare' })], { drain: false });
    await scheduled('2030-03-06T06:30:00Z');
    expect(alertsTo(email)).toEqual([]);
    await drain(world.t);
    expect(await scheduled('2030-03-06T06:31:00Z')).toMatchObject({ mails: 1 });
    expect(alertsTo(email).map(adIdsIn)).toEqual([['konditor-1']]);
  });

  it('stops waiting for a change stuck in the outbox for more than six hours', async () => {
    const email = await subscriber('taktackare', 'daily', '2030-03-07T12:00:00Z');
    await ad('tak-1', 'Taktäckare', '2030-03-08T01:00:00Z');
    // This outbox row was written (real time) years before the run's clock: a stuck change.
    await arrive(world.t, [freshAd('tak-x', { title: 'Fönsterputsare' })], { drain: false });
    // Five hours after the daily moment the run still waits; past six it goes out with what is searchable.
    await scheduled('2030-03-08T11:00:00Z');
    expect(alertsTo(email)).toEqual([]);
    await scheduled('2030-03-08T13:00:00Z');
    expect(alertsTo(email).map(adIdsIn)).toEqual([['tak-1']]);
    await drain(world.t);
  });

  it('asks again for all of a query’s new ads when the first search does not bring them all', async () => {
    const email = await subscriber('hovslagare', 'daily', '2030-05-01T16:00:00Z');
    for (let i = 0; i < 8; i++) await ad(`hov-${i}`, 'Hovslagare', `2030-05-02T0${i}:00:00Z`);
    const result = await runAlerts(
      { ...deps('2030-05-02T09:00:00Z'), firstSearchLimit: 3 },
      { kind: 'admin' },
    );
    await world.sender.idle();
    expect(result.mails).toBeGreaterThanOrEqual(1);
    // All eight, newest first.
    expect(alertsTo(email).map(adIdsIn)).toEqual([
      ['hov-7', 'hov-6', 'hov-5', 'hov-4', 'hov-3', 'hov-2', 'hov-1', 'hov-0'],
    ]);
  });

  it('ticks by itself: the scheduler runs what is due and wakes the mail sender', async () => {
    const email = await subscriber('tapetserare', 'daily', '2030-04-01T16:00:00Z');
    await ad('tapet-1', 'Tapetserare', '2030-04-02T02:00:00Z');
    const scheduler = startAlertScheduler({
      database: world.t.database,
      search: world.t.search,
      indexUid: world.t.config.meiliIndex,
      dailyAt: '07:00',
      links: () => createMailLinks(PUBLIC_URL, appTokens(world.t)),
      profiles: NO_PROFILES,
      logger: quietLogger,
      now: () => at('2030-04-02T06:00:00Z'),
      tickMs: 50,
    });
    try {
      const deadline = Date.now() + 15_000;
      while (alertsTo(email).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await scheduler.stop();
    }
    expect(alertsTo(email).map(adIdsIn)).toEqual([['tapet-1']]);
  });
});

describe('the upkeep of subscriptions', () => {
  let world: AlertsWorld;
  beforeAll(async () => {
    world = await alertsWorld('pglite');
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });
  const DAY = 86_400_000;
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  const rowOf = (email: string) =>
    world.t.database.db.selectFrom('savedSearches').selectAll().where('email', '=', email).executeTakeFirst();
  const set = async (
    email: string,
    values: { createdAt?: Date; lastEngagedAt?: Date; reminderSentAt?: Date },
  ) => {
    const { createdAt, ...rest } = values;
    // created_at is never updated by the app, so its column type refuses it: the test writes it raw.
    if (createdAt)
      await sql`update saved_searches set created_at = ${createdAt} where email = ${email}`.execute(
        world.t.database.db,
      );
    if (Object.keys(rest).length > 0)
      await world.t.database.db.updateTable('savedSearches').set(rest).where('email', '=', email).execute();
  };
  const upkeep = () =>
    alertHousekeeping(world.t.database, createMailLinks(PUBLIC_URL, appTokens(world.t)), new Date());

  it('deletes unconfirmed subscriptions after a week', async () => {
    const [old, recent] = [uniqueEmail('gammal'), uniqueEmail('ny')];
    for (const email of [old, recent])
      await world.t.app.inject({
        method: 'POST',
        url: '/api/alerts/subscribe',
        payload: { email, query: { search: 'vaktmästare' }, alert: 'daily' },
      });
    await set(old, { createdAt: ago(8) });
    await set(recent, { createdAt: ago(6) });
    expect((await upkeep()).unconfirmedDeleted).toBe(1);
    expect(await rowOf(old)).toBeUndefined();
    expect(await rowOf(recent)).toBeDefined();
  });

  it('reminds a subscription idle for a year once, keeps it when its link is opened, else removes it a month later', async () => {
    const [kept, dropped] = [uniqueEmail('behall'), uniqueEmail('slapp')];
    for (const email of [kept, dropped]) {
      await confirmedVisitor(world, email, { search: 'skorstensfejare' });
      await set(email, { lastEngagedAt: ago(366) });
    }
    expect((await upkeep()).reminders).toBe(2);
    expect((await upkeep()).reminders).toBe(0);
    await world.sender.idle();
    const reminder = mailsTo(world, kept).find((mail) => mail.subject === 'Vill du behålla din bevakning?');
    expect(reminder).toBeDefined();
    // Opening the reminder's link counts as use: the subscription stays.
    const token = tokenFrom(reminder!, '/bevakning/hantera');
    expect(
      (await world.t.app.inject({ url: `/api/alerts/manage?token=${encodeURIComponent(token)}` })).statusCode,
    ).toBe(200);
    expect((await rowOf(kept))?.reminderSentAt).toBeNull();

    for (const email of [kept, dropped]) await set(email, { reminderSentAt: ago(31) });
    await set(dropped, { lastEngagedAt: ago(400) });
    expect((await upkeep()).idleDeleted).toBe(1);
    expect(await rowOf(dropped)).toBeUndefined();
    expect(await rowOf(kept)).toBeDefined();
  });
});
