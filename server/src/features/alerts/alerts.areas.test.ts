import { uniqueEmail } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adIdsIn,
  alertsWorld,
  arrive,
  bearer,
  confirmedVisitor,
  freshAd,
  mailsTo,
  runAndDeliver,
  verifiedUser,
  type AlertsWorld,
} from './alerts.test-helper.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stamp = Date.now() % 100_000;

/** 'Yrkesområde' Transport in Skåne län or in Göteborg: what the saved search and the alert below ask. */
const QUERY = { field: ['Transport'], region: ['Skåne län'], municipality: 'Göteborg' };

describe.each(testDatabaseKinds())("a saved search with 'Yrkesområde', län and places on %s", (kind) => {
  let world: AlertsWorld;
  beforeAll(async () => {
    world = await alertsWorld(kind);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('is stored, listed and reopened with its criteria, and its alert mails only the ads they keep', async () => {
    const account = await verifiedUser(world);
    const saved = await world.t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: bearer(account.token),
      payload: { query: QUERY, alert: 'daily' },
    });
    expect(saved.statusCode).toBe(201);
    const expected = {
      query: { field: ['Transport'], region: ['Skåne län'], municipality: ['Göteborg'] },
      summary: 'Transport i Skåne län och Göteborg',
      path: '/jobb?field=Transport&region=Sk%C3%A5ne%20l%C3%A4n&municipality=G%C3%B6teborg',
    };
    expect(saved.json()).toMatchObject({ ...expected, name: expected.summary });
    const listed = await world.t.app.inject({ url: '/api/saved-searches', headers: bearer(account.token) });
    expect(listed.json().savedSearches).toMatchObject([expected]);

    const visitor = uniqueEmail('omraden');
    await confirmedVisitor(world, visitor, QUERY);
    await sleep(1100); // firstSeenTs is whole seconds: the ads come in a later second

    const place = (location: string, region: string) => ({ location, municipality: location, region });
    const transport = { occupationField: 'Transport', category: 'Transport' };
    const kept = [
      freshAd(`malmo${stamp}`, { ...transport, ...place('Malmö', 'Skåne län') }),
      freshAd(`gbg${stamp}`, { ...transport, ...place('Göteborg', 'Västra Götalands län') }),
    ];
    const left = [
      freshAd(`lund-vard${stamp}`, {
        occupationField: 'Hälso- och sjukvård',
        category: 'Hälso- och sjukvård',
        ...place('Lund', 'Skåne län'),
      }),
      freshAd(`sthlm${stamp}`, { ...transport, ...place('Stockholm', 'Stockholms län') }),
    ];
    await arrive(world.t, [...kept, ...left]);
    await runAndDeliver(world);

    const wanted = kept.map((ad) => ad.id).sort();
    for (const email of [account.email, visitor]) {
      const alerts = mailsTo(world, email).filter((mail) => /nya jobb/.test(mail.subject ?? ''));
      expect(alerts, email).toHaveLength(1);
      expect(adIdsIn(alerts[0]!).sort(), email).toEqual(wanted);
      expect(alerts[0]!.subject).toBe('2 nya jobb för Transport i Skåne län och Göteborg');
    }
  });
});
