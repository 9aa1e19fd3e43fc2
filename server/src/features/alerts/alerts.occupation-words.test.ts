import type { NormalizedJob } from '@jobbportalen/indexer';
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
  freshAd,
  mailsTo,
  runAndDeliver,
  verifiedUser,
  type AlertsWorld,
} from './alerts.test-helper.js';

// Issue #25: an alert for an occupation word ('utvecklare') mails the ads for that occupation,
// not every ad whose text says a word that looks like it ("utvecklas", "utveckla verksamheten").
// The mails, the saved searches' new-counts and /api/jobs must agree on one hit set.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isAlert = (mail: ParsedMail) => / nya? jobb | nytt jobb /.test(`${mail.subject ?? ''} `);
const alertsTo = (world: AlertsWorld, email: string) => mailsTo(world, email).filter(isAlert);
const sorted = (ids: readonly string[]) => [...ids].sort();
const idsOf = (ads: readonly NormalizedJob[]) => sorted(ads.map((ad) => ad.id));

let ids = 0;
/** Ad ids unique in the run (the index is per test file, the ids per test). */
const adId = (label: string) => `${label}${++ids}${Date.now() % 100_000}`;

/** Developers: by a compound title, a plain title, or only by the feed's occupation. */
function developerAds(): NormalizedJob[] {
  const developer = {
    occupation: 'Mjukvaruutvecklare',
    occupationGroup: 'Mjukvaru- och systemutvecklare m.fl.',
  };
  return [
    freshAd(adId('java'), {
      title: 'Javautvecklare',
      ...developer,
      descriptionText: 'Du bygger och förvaltar våra tjänster i Java.',
    }),
    freshAd(adId('system'), {
      title: 'Systemutvecklare',
      occupation: 'Systemutvecklare',
      descriptionText: 'Vi söker en systemutvecklare till vårt team.',
    }),
    freshAd(adId('till'), {
      title: 'Utvecklare till vårt team i Malmö',
      location: 'Malmö',
      municipality: 'Malmö',
      ...developer,
      descriptionText: 'Du arbetar med backend och drift.',
    }),
    freshAd(adId('occupation'), {
      title: 'Backend engineer',
      ...developer,
      descriptionText: 'We build payment services in Kotlin.',
    }),
  ];
}

/**
 * Other occupations whose text has the words: two that only look like the occupation word
 * ("utvecklas", "utveckla") and one that names it ("våra utvecklare"), which only alsoMentions adds.
 */
function otherAds() {
  const lookAlikes = [
    freshAd(adId('truck'), {
      title: 'Lastbilschaufför',
      occupation: 'Lastbilsförare',
      descriptionText: 'Vi är ett åkeri som växer och vill att bolaget utvecklas med dig.',
    }),
    freshAd(adId('ekonom'), {
      title: 'Redovisningsekonom',
      occupation: 'Redovisningsekonom',
      descriptionText: 'Du får vara med och utveckla verksamheten och våra rutiner.',
    }),
  ];
  const mentioning = freshAd(adId('nurse'), {
    title: 'Sjuksköterska',
    occupation: 'Sjuksköterska, grundutbildad',
    descriptionText: 'Du arbetar tillsammans med våra utvecklare av digitala vårdtjänster.',
  });
  return { lookAlikes, mentioning, all: [...lookAlikes, mentioning] };
}

/** Every other ad after a developer, so the index gets them mixed in one batch. */
const interleaved = (a: NormalizedJob[], b: NormalizedJob[]) =>
  Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]])
    .flat()
    .filter((ad): ad is NormalizedJob => ad !== undefined);

describe.each(testDatabaseKinds())(
  "an occupation word's alert, new-count and search agree, on %s",
  (kind) => {
    let world: AlertsWorld;
    beforeAll(async () => {
      world = await alertsWorld(kind);
    }, 60_000);
    afterAll(async () => {
      await world?.close();
    });

    /** The ids /api/jobs finds for a query among `among` (the index also holds other tests' ads). */
    async function apiIds(query: string, among: readonly NormalizedJob[]): Promise<string[]> {
      const response = await world.t.app.inject(`/api/jobs?limit=100&${query}`);
      expect(response.statusCode, query).toBe(200);
      const wanted = new Set(among.map((ad) => ad.id));
      return sorted(
        (response.json() as { jobs: { _id: string }[] }).jobs
          .map((job) => job._id)
          .filter((id) => wanted.has(id)),
      );
    }

    async function saveSearch(
      token: string,
      query: Record<string, string | boolean>,
      alert: 'off' | 'daily',
    ) {
      const saved = await world.t.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: bearer(token),
        payload: { query, alert },
      });
      expect(saved.statusCode).toBe(201);
      return saved.json() as { id: string };
    }

    it("mails an alert for 'utvecklare' the developer ads only, though 'utvecklas' ads arrive in the same run", async () => {
      const account = await verifiedUser(world);
      const saved = await saveSearch(account.token, { search: 'utvecklare' }, 'daily');
      const visitor = uniqueEmail('utvecklare');
      await confirmedVisitor(world, visitor, { search: 'utvecklare' });
      const widened = uniqueEmail('utvecklare-text');
      await confirmedVisitor(world, widened, { search: 'utvecklare', alsoMentions: true });
      await sleep(1100); // firstSeenTs is whole seconds: the ads come in a later second

      const developers = developerAds();
      const others = otherAds();
      await arrive(world.t, interleaved(developers, others.all));
      await runAndDeliver(world);

      // The account's saved search and the visitor's subscription: exactly the developers, counted so.
      for (const email of [account.email, visitor]) {
        const alerts = alertsTo(world, email);
        expect(alerts, email).toHaveLength(1);
        expect(sorted(adIdsIn(alerts[0]!)), email).toEqual(idsOf(developers));
        expect(alerts[0]!.subject).toBe('4 nya jobb för ”utvecklare”');
        expect(alerts[0]!.text).not.toMatch(/och \d+ till/);
      }
      const recorded = await world.t.database.db
        .selectFrom('alertMails')
        .select('jobIds')
        .where('savedSearchId', '=', saved.id)
        .execute();
      expect(recorded.map((row) => sorted(row.jobIds))).toEqual([idsOf(developers)]);

      // 'Visa även … som nämner ”utvecklare” i texten': the ad whose text names developers too, but
      // still none whose text only says "utvecklas" or "utveckla".
      const [widenedAlert, ...more] = alertsTo(world, widened);
      expect(more).toEqual([]);
      expect(sorted(adIdsIn(widenedAlert!))).toEqual(idsOf([...developers, others.mentioning]));
      // Named as widened, so it does not read like the narrow search's mail.
      expect(widenedAlert!.subject).toBe('5 nya jobb för ”utvecklare” även i annonstexten');
      expect(widenedAlert!.text).toContain('alsoMentions=true');

      // The same hit sets as /api/jobs for the same queries.
      const arrived = [...developers, ...others.all];
      expect(await apiIds('search=utvecklare', arrived)).toEqual(idsOf(developers));
      expect(await apiIds('search=utvecklare&alsoMentions=true', arrived)).toEqual(
        idsOf([...developers, others.mentioning]),
      );
    });

    it("counts only developer ads as new for a saved search 'utvecklare' (and the mentioning one with alsoMentions)", async () => {
      const account = await verifiedUser(world);
      const plain = await saveSearch(account.token, { search: 'utvecklare' }, 'off');
      const widened = await saveSearch(account.token, { search: 'utvecklare', alsoMentions: true }, 'off');
      await sleep(1100);

      const developers = developerAds();
      const others = otherAds();
      await arrive(world.t, interleaved(developers, others.all));
      const listed = await world.t.app.inject({ url: '/api/saved-searches', headers: bearer(account.token) });
      expect(listed.statusCode).toBe(200);
      const newCounts = Object.fromEntries(
        (listed.json() as { savedSearches: { id: string; newCount: number }[] }).savedSearches.map(
          (search) => [search.id, search.newCount],
        ),
      );
      expect(newCounts).toEqual({ [plain.id]: developers.length, [widened.id]: developers.length + 1 });
    });
  },
);
