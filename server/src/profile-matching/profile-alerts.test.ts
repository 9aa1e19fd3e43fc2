import type { NormalizedJob } from '@jobbportalen/indexer';
import { groupById, occupationNames } from '@jobbportalen/lexicon/taxonomy';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteProfile, saveProfile } from '../features/candidate-profile/candidate-profile.repository.js';
import { extractProfile } from '../features/match/profile/profile.js';
import { toSavedProfile } from '../features/match/profile/saved-profile.js';
import { deleteProfileSearch } from '../features/alerts/saved-searches.repository.js';
import {
  adIdsIn,
  alertsWorld,
  arrive,
  bearer,
  freshAd,
  mailsTo,
  rawHeader,
  runAndDeliver,
  verifiedUser,
  PUBLIC_URL,
  type AlertsWorld,
} from '../features/alerts/alerts.test-helper.js';

const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isAlert = (mail: ParsedMail) => /^\d+ (nya|nytt) jobb /.test(mail.subject ?? '');
const alertsTo = (world: AlertsWorld, email: string) => mailsTo(world, email).filter(isAlert);
let ids = 0;
const adId = (label: string) => `${label}${++ids}${Date.now() % 100_000}`;

/** A Java developer in Göteborg, kept the way 'Min profil' keeps a CV's reading. */
const JAVA_DEVELOPER = toSavedProfile(
  extractProfile('Erik Svensson\nSystemutvecklare, Göteborg\nKompetenser: Java, SQL, PostgreSQL, Docker', ''),
);

/** The taxonomy's occupation and its group, as the feed gives an ad's occupation. */
function occupationOf(label: string): Partial<NormalizedJob> {
  const name = occupationNames().find((candidate) => candidate.label === label)!;
  const group = groupById(name.groupId)!;
  return {
    occupation: name.label,
    occupationId: name.id,
    occupationGroup: group.label,
    occupationGroupId: group.id,
  };
}

/** Ads a Java developer's profile fits (by occupation, by skills), and ads it does not. */
function ads() {
  return {
    developer: freshAd(adId('dev'), {
      title: 'Javautvecklare',
      ...occupationOf('Systemutvecklare/Programmerare'),
      mustHaveSkills: ['Java, programmeringsspråk', 'C#, programmeringsspråk'],
    }),
    bySkills: freshAd(adId('skills'), {
      title: 'Testare med Java',
      mustHaveSkills: ['Java, programmeringsspråk', 'SQL, frågespråk', 'Kubernetes'],
    }),
    teacher: freshAd(adId('teacher'), { title: 'Lärare i svenska' }),
    tooFewSkills: freshAd(adId('few'), {
      title: 'Dataingenjör',
      mustHaveSkills: ['Java, programmeringsspråk', 'Python, programmeringsspråk', 'Kubernetes', 'Scala'],
    }),
  };
}

describe.each(testDatabaseKinds())("alerts of 'Jobb som matchar min profil' on %s", (kind) => {
  let world: AlertsWorld;
  beforeAll(async () => {
    world = await alertsWorld(kind);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  const saveProfileSearch = (token: string, payload: object = {}) =>
    world.t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: bearer(token),
      payload: { query: {}, profile: true, alert: 'daily', ...payload },
    });

  it('is saved only for an account with a profile, once per account, and shows as such', async () => {
    const user = await verifiedUser(world);
    const without = await saveProfileSearch(user.token);
    expect(without.statusCode).toBe(404);
    expect(without.json()).toMatchObject({ code: 'PROFILE_NOT_FOUND' });

    await saveProfile(world.t.database.db, user.id, JAVA_DEVELOPER, null, new Date());
    const withQuery = await saveProfileSearch(user.token, { query: { search: 'java' } });
    expect(withQuery.statusCode).toBe(400);
    expect(withQuery.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const created = await saveProfileSearch(user.token);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Jobb som matchar min profil',
      summary: 'Jobb som matchar min profil',
      path: '/dashboard#jobb-for-dig',
      query: {},
      alert: 'daily',
      profile: true,
      newCount: 0,
    });
    const again = await saveProfileSearch(user.token, { alert: 'weekly' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: created.json().id, alert: 'weekly' });

    // Beside an ordinary search, which stays one.
    await world.t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: bearer(user.token),
      payload: { query: { search: 'java' }, alert: 'off' },
    });
    const list = await world.t.app.inject({ url: '/api/saved-searches', headers: bearer(user.token) });
    const searches = list.json().savedSearches as Array<{ name: string; profile: boolean }>;
    expect(searches.map(({ name, profile }) => ({ name, profile }))).toEqual([
      { name: '”java”', profile: false },
      { name: 'Jobb som matchar min profil', profile: true },
    ]);

    // The export says what it watches in words.
    const exported = await world.t.app.inject({ url: '/api/candidate/export', headers: bearer(user.token) });
    expect(exported.json().savedSearches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Jobb som matchar min profil',
          summary: 'Jobb som matchar min profil',
          query: {},
          alert: 'weekly',
        }),
        expect.objectContaining({ summary: '”java”', query: { search: 'java' } }),
      ]),
    );
  });

  it('mails only the new ads that fit the profile, each with why; never an old one, never one sent before', async () => {
    const user = await verifiedUser(world);
    await saveProfile(world.t.database.db, user.id, JAVA_DEVELOPER, null, new Date());
    const before = ads();
    // Fits, but was first seen before the search was saved: never news for it.
    await arrive(world.t, [before.developer], { firstSeenAt: new Date(Date.now() - DAY) });
    expect((await saveProfileSearch(user.token)).statusCode).toBe(201);
    await sleep(1100); // firstSeenTs is whole seconds: the ads come in a later second

    const first = ads();
    await arrive(world.t, Object.values(first));
    await runAndDeliver(world);
    const mails = alertsTo(world, user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('2 nya jobb som matchar din profil');
    // Best fit first: the developer's own occupation before the ad that shares skills.
    expect(adIdsIn(mail)).toEqual([first.developer.id, first.bySkills.id]);
    expect(mail.text).toContain(
      'Därför passar det: Yrke: Systemutvecklare · Kompetenser: Java (1 av 2 krav) · Ort: Göteborg · Saknas: C#',
    );
    expect(mail.text).toContain('Därför passar det: Kompetenser: Java, SQL (2 av 3 krav)');
    expect(mail.html).toContain('Därför passar det: Yrke: Systemutvecklare');
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard#jobb-for-dig`);
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Within the run's look-back the same ads are found again: the sent set keeps them out.
    await runAndDeliver(world);
    expect(alertsTo(world, user.email)).toHaveLength(1);
    const next = ads();
    await arrive(world.t, [next.bySkills, next.teacher]);
    await runAndDeliver(world);
    const after = alertsTo(world, user.email);
    expect(after).toHaveLength(2);
    expect(adIdsIn(after[1]!)).toEqual([next.bySkills.id]);
    expect(after[1]!.subject).toBe('1 nytt jobb som matchar din profil');
  });

  it('stops mailing once the profile is gone', async () => {
    const user = await verifiedUser(world);
    await saveProfile(world.t.database.db, user.id, JAVA_DEVELOPER, null, new Date());
    expect((await saveProfileSearch(user.token)).statusCode).toBe(201);
    await sleep(1100);
    await arrive(world.t, [ads().developer]);
    await runAndDeliver(world);
    expect(alertsTo(world, user.email)).toHaveLength(1);

    // A profile deleted without its search (the search is skipped, not mailed).
    await deleteProfile(world.t.database.db, user.id);
    await arrive(world.t, Object.values(ads()));
    await runAndDeliver(world);
    expect(alertsTo(world, user.email)).toHaveLength(1);

    // What the profile's deletion does with it: the search goes too.
    expect(await deleteProfileSearch(world.t.database.db, user.id)).toBe(true);
    expect(await deleteProfileSearch(world.t.database.db, user.id)).toBe(false);
    const list = await world.t.app.inject({ url: '/api/saved-searches', headers: bearer(user.token) });
    expect(list.json().savedSearches).toEqual([]);
  });
});
