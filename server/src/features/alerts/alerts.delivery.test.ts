import { uniqueEmail } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adIdsIn,
  alertsWorld,
  arrive,
  bearer,
  confirmedVisitor,
  createUser,
  drain,
  freshAd,
  mailsTo,
  oneClickUrl,
  rawHeader,
  removeAds,
  runAndDeliver,
  tokenFrom,
  verifiedUser,
  type AlertsWorld,
} from './alerts.test-helper.js';

const LARARE_GBG = { search: 'lärare', city: 'Göteborg' };
const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isAlert = (mail: ParsedMail) =>
  / nya? jobb /.test(mail.subject ?? '') || /nytt jobb/.test(mail.subject ?? '');
const alertsTo = (world: AlertsWorld, email: string) => mailsTo(world, email).filter(isAlert);
let ids = 0;
/** Ad ids unique in the run (the index is per test file, the ids per test). */
const adId = (label: string) => `${label}${++ids}${Date.now() % 100_000}`;

describe.each(testDatabaseKinds())('alert mails, subscription to inbox, on %s', (kind) => {
  let world: AlertsWorld;
  beforeAll(async () => {
    world = await alertsWorld(kind);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('sends nothing before confirmation, then exactly the new ads once; edits and reruns send nothing', async () => {
    const email = uniqueEmail('besokare');
    const old = freshAd(adId('old'));
    await arrive(world.t, [old], { firstSeenAt: new Date(Date.now() - DAY) });

    const subscribed = await world.t.app.inject({
      method: 'POST',
      url: '/api/alerts/subscribe',
      payload: { email, query: LARARE_GBG, alert: 'daily' },
    });
    expect(subscribed.statusCode).toBe(202);
    expect(subscribed.json()).toEqual({
      message:
        'Vi har skickat ett e-postmeddelande till adressen. Öppna länken i det för att starta bevakningen.',
    });
    await world.sender.idle();
    const [confirmation, ...others] = mailsTo(world, email);
    expect(others).toEqual([]);
    expect(confirmation?.subject).toBe('Bekräfta din bevakning');

    // An ad before confirmation: not sent now, and not later either (only ads after it count).
    const early = freshAd(adId('early'));
    await arrive(world.t, [early]);
    expect((await runAndDeliver(world)).mails).toBe(0);
    expect(alertsTo(world, email)).toEqual([]);
    await sleep(1100); // firstSeenTs is whole seconds: the confirmation comes in a later second

    const confirmed = await world.t.app.inject({
      method: 'POST',
      url: '/api/alerts/confirm',
      payload: { token: tokenFrom(confirmation!, '/bevakning/bekrafta') },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      summary: '”lärare” i Göteborg',
      path: '/jobb?search=l%C3%A4rare&city=G%C3%B6teborg',
      alert: 'daily',
    });

    const fresh = [freshAd(adId('new')), freshAd(adId('new')), freshAd(adId('new'))];
    const elsewhere = freshAd(adId('sthlm'), { location: 'Stockholm', municipality: 'Stockholm' });
    await arrive(world.t, [...fresh, elsewhere]);
    const first = await runAndDeliver(world);
    expect(first.mails).toBeGreaterThanOrEqual(1);
    const alerts = alertsTo(world, email);
    expect(alerts).toHaveLength(1);
    expect(adIdsIn(alerts[0]!).sort()).toEqual(fresh.map((ad) => ad.id).sort());
    expect(alerts[0]!.subject).toBe('3 nya jobb för ”lärare” i Göteborg');
    expect(rawHeader(alerts[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Run again: nothing new. Then an edit of the old ad and of a sent one: still nothing.
    await runAndDeliver(world);
    await arrive(world.t, [
      { ...old, title: 'Lärare i svenska, uppdaterad', sourceUpdatedAt: new Date() },
      { ...fresh[0]!, title: 'Lärare i svenska, ny text', sourceUpdatedAt: new Date() },
    ]);
    await runAndDeliver(world);
    expect(alertsTo(world, email)).toHaveLength(1);
    const rows = await world.t.database.db
      .selectFrom('alertMails')
      .innerJoin('savedSearches', 'savedSearches.id', 'alertMails.savedSearchId')
      .select(['alertMails.jobIds'])
      .where('savedSearches.email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect([...rows[0]!.jobIds].sort()).toEqual(fresh.map((ad) => ad.id).sort());
  });

  it('leaves out an ad removed before the run, also one the index still holds', async () => {
    const email = uniqueEmail('borttagen');
    await confirmedVisitor(world, email, LARARE_GBG);
    await sleep(1100);
    const [kept, gone, goneInPostgres] = [freshAd(adId('kept')), freshAd(adId('gone')), freshAd(adId('pg'))];
    await arrive(world.t, [kept, gone, goneInPostgres]);
    await removeAds(world.t, [gone.id]);
    // Removed in Postgres, its index update still waiting in the outbox.
    await removeAds(world.t, [goneInPostgres.id], { drain: false });
    await runAndDeliver(world);
    await drain(world.t);
    const alerts = alertsTo(world, email);
    expect(alerts).toHaveLength(1);
    expect(adIdsIn(alerts[0]!)).toEqual([kept.id]);
  });

  it('lists 50 ads newest first and counts the rest as "och N till"', async () => {
    const email = uniqueEmail('manga');
    await confirmedVisitor(world, email, { search: 'kock' });
    await sleep(1100);
    const chef = (label: string) =>
      freshAd(adId(label), { title: 'Kock till restaurang', location: 'Malmö' });
    const older = [chef('k'), chef('k'), chef('k')];
    await arrive(world.t, older);
    await sleep(1100);
    const newer = Array.from({ length: 50 }, () => chef('k'));
    await arrive(world.t, newer);
    await runAndDeliver(world);
    const [alert, ...more] = alertsTo(world, email);
    expect(more).toEqual([]);
    expect(alert?.subject).toBe('53 nya jobb för ”kock”');
    expect(adIdsIn(alert!).sort()).toEqual(newer.map((ad) => ad.id).sort());
    expect(alert!.text).toContain('och 3 till');
  });

  it("stops after the mail's one-click unsubscribe: the visitor's subscription and address are gone", async () => {
    const email = uniqueEmail('ettklick');
    await confirmedVisitor(world, email, { search: 'snickare' });
    await sleep(1100);
    await arrive(world.t, [freshAd(adId('s'), { title: 'Snickare' })]);
    await runAndDeliver(world);
    const [alert] = alertsTo(world, email);
    const url = new URL(oneClickUrl(alert!));
    // What a mail client sends for RFC 8058: a form POST to the link itself.
    const post = () =>
      world.t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await post();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Bevakningen är avslutad.' });
    expect((await post()).json()).toEqual({ message: 'Bevakningen är avslutad.' });
    // RFC 8058 prefers multipart/form-data: accepted as well (the token is in the link).
    const boundary = 'jobbportalen-boundary';
    const multipart = await world.t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    const left = await world.t.database.db
      .selectFrom('savedSearches')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(left).toEqual([]);

    await arrive(world.t, [freshAd(adId('s'), { title: 'Snickare' })]);
    await runAndDeliver(world);
    expect(alertsTo(world, email)).toHaveLength(1);

    const tampered = await world.t.app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe?token=${url.searchParams.get('token')}x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'Länken är ogiltig eller har gått ut.',
    });
  });

  it("stops after unsubscribing on the link's page, after changing the frequency there", async () => {
    const email = uniqueEmail('sida');
    await confirmedVisitor(world, email, { search: 'elektriker' }, 'instant');
    await sleep(1100);
    await arrive(world.t, [freshAd(adId('e'), { title: 'Elektriker' })]);
    await runAndDeliver(world);
    const [alert] = alertsTo(world, email);
    const token = tokenFrom(alert!, '/bevakning/hantera');

    const view = await world.t.app.inject({ url: `/api/alerts/manage?token=${encodeURIComponent(token)}` });
    expect(view.json()).toEqual({
      summary: '”elektriker”',
      path: '/jobb?search=elektriker',
      alert: 'instant',
      // What is held for the address (GDPR art. 15): the address and its one subscription.
      held: {
        email,
        subscriptions: [
          {
            summary: '”elektriker”',
            alert: 'instant',
            current: true,
            createdAt: expect.any(String),
            confirmedAt: expect.any(String),
            lastMailedAt: expect.any(String),
          },
        ],
      },
    });
    const changed = await world.t.app.inject({
      method: 'POST',
      url: '/api/alerts/manage',
      payload: { token, alert: 'weekly' },
    });
    expect(changed.json()).toMatchObject({ alert: 'weekly' });
    const unsubscribed = await world.t.app.inject({
      method: 'POST',
      url: '/api/alerts/unsubscribe',
      payload: { token },
    });
    expect(unsubscribed.json()).toEqual({ message: 'Bevakningen är avslutad.' });
    const gone = await world.t.app.inject({ url: `/api/alerts/manage?token=${encodeURIComponent(token)}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'Bevakningen finns inte längre.' });

    await arrive(world.t, [freshAd(adId('e'), { title: 'Elektriker' })]);
    await runAndDeliver(world);
    expect(alertsTo(world, email)).toHaveLength(1);
  });

  it("mails an account's saved search only once its address is verified", async () => {
    const verified = await verifiedUser(world);
    const unverified = await createUser(world.t);
    for (const user of [verified, unverified]) {
      const saved = await world.t.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: bearer(user.token),
        payload: { query: { search: 'rörmokare' }, alert: 'daily' },
      });
      expect(saved.statusCode).toBe(201);
    }
    await sleep(1100);
    const ad = freshAd(adId('r'), { title: 'Rörmokare' });
    await arrive(world.t, [ad]);
    await runAndDeliver(world);
    const mails = alertsTo(world, verified.email);
    expect(mails).toHaveLength(1);
    expect(adIdsIn(mails[0]!)).toEqual([ad.id]);
    expect(alertsTo(world, unverified.email)).toEqual([]);
  });

  it(
    'delivers the mails of a run made while SMTP was down once it is back',
    { timeout: 60_000 },
    async () => {
      const email = uniqueEmail('nere');
      await confirmedVisitor(world, email, { search: 'bagare' });
      await sleep(1100);
      // The sender's pooled connections closed first, so the SMTP server stops at once.
      await world.restartSender();
      await world.smtp.close();
      try {
        const ad = freshAd(adId('b'), { title: 'Bagare' });
        await arrive(world.t, [ad]);
        const run = await runAndDeliver(world);
        expect(run.mails).toBeGreaterThanOrEqual(1);
        expect(alertsTo(world, email)).toEqual([]);
        const waiting = await world.t.database.db
          .selectFrom('mailOutbox')
          .select(['status', 'attempts'])
          .where('recipient', '=', email)
          .where('kind', '=', 'alert')
          .execute();
        expect(waiting).toEqual([{ status: 'queued', attempts: expect.any(Number) }]);
        expect(waiting[0]!.attempts).toBeGreaterThanOrEqual(1);
      } finally {
        await world.smtp.listen();
      }
      const deadline = Date.now() + 30_000;
      while (alertsTo(world, email).length === 0 && Date.now() < deadline) {
        world.sender.wake();
        await sleep(200);
      }
      expect(alertsTo(world, email)).toHaveLength(1);
      await runAndDeliver(world);
      expect(alertsTo(world, email)).toHaveLength(1);
    },
  );
});
