// The data of `npm run bench:alerts`: the simulator's ads stored as the indexer stores them (most
// first seen days ago, the newest `fresh` of them within the last hours), and saved searches whose
// queries follow a Zipf distribution — a few searches ('sjuksköterska', 'Stockholm') are saved by
// thousands, most by a handful — as real users' saved searches are.
import { serializeJobQuery, type JobQuery } from '@jobbportalen/contracts';
import { generateAd } from '@jobbportalen/feed-simulator';
import { classifyFeedRecord, toSearchDocument, type NormalizedJob } from '@jobbportalen/indexer';
import type { Database } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import type { Meilisearch } from 'meilisearch';
import { seededRandom } from './lib/random-draws.js';
import { appendToIndex } from './lib/search-engine.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function simulatorAd(index: number, seed: number): NormalizedJob {
  const record = classifyFeedRecord(generateAd(index, seed));
  if (record.kind !== 'ad') throw new Error(`simulator ad ${index} is not an ad`);
  return record.ad;
}

/**
 * Stores `count` ads in Postgres and Meilisearch; the last `fresh` were first seen in the last six
 * hours, the rest 3–30 days ago. Every ad is open for applications for another three weeks.
 * Returns the ads' searchable values the queries are made from.
 */
export async function seedAds(
  db: Kysely<Database>,
  meili: Meilisearch,
  indexUid: string,
  options: { count: number; fresh: number; seed: number; now: number },
) {
  const random = seededRandom(options.seed);
  const values = {
    occupations: new Map<string, number>(),
    cities: new Map<string, number>(),
    categories: new Set<string>(),
  };
  const bump = (map: Map<string, number>, key: string | null) => key && map.set(key, (map.get(key) ?? 0) + 1);
  const batches = function* () {
    for (let from = 0; from < options.count; from += 1000) {
      const batch: (NormalizedJob & { firstSeenAt: Date })[] = [];
      for (let index = from; index < Math.min(options.count, from + 1000); index++) {
        const ad = simulatorAd(index, options.seed);
        const isFresh = index >= options.count - options.fresh;
        const firstSeenAt = new Date(
          options.now - (isFresh ? random() * 6 * HOUR : 3 * DAY + random() * 27 * DAY),
        );
        const open = new Date(options.now + 21 * DAY);
        batch.push({ ...ad, lastDate: open, expiresAt: open, firstSeenAt });
        bump(values.occupations, ad.occupation);
        bump(values.cities, ad.location);
        if (ad.mainCategory) values.categories.add(ad.mainCategory);
      }
      yield batch;
    }
  };
  const documents: object[][] = [];
  for (const batch of batches()) {
    await db
      .insertInto('jobs')
      .values(
        batch.map((job) => ({
          ...job,
          mustHaveSkills: JSON.stringify(job.mustHaveSkills),
          niceToHaveSkills: JSON.stringify(job.niceToHaveSkills),
          mustHaveLanguages: JSON.stringify(job.mustHaveLanguages),
          drivingLicences: JSON.stringify(job.drivingLicences),
          raw: JSON.stringify(job.raw),
          updatedAt: job.firstSeenAt,
        })),
      )
      .execute();
    documents.push(batch.map(toSearchDocument));
  }
  await appendToIndex(meili, indexUid, documents);
  return values;
}

type Values = Awaited<ReturnType<typeof seedAds>>;

const byCount = (map: Map<string, number>) =>
  [...map.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);

/**
 * `count` distinct searches made of the corpus's own occupations, places, categories and extents,
 * in a shuffled order that is their popularity rank.
 */
export function distinctQueries(values: Values, count: number, seed: number): JobQuery[] {
  const random = seededRandom(seed + 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // The common values are picked more often, as in real searches.
  const occupations = byCount(values.occupations).slice(0, 400);
  const cities = byCount(values.cities).slice(0, 120);
  const categories = [...values.categories];
  const shapes: (() => JobQuery)[] = [
    () => ({ text: pick(occupations) }),
    () => ({ city: pick(cities) }),
    () => ({ text: pick(occupations), city: pick(cities) }),
    () => ({ mainCategory: pick(categories) as JobQuery['mainCategory'], city: pick(cities) }),
    () => ({ text: pick(occupations), extent: 'Heltid' }),
    () => ({ text: pick(occupations).split(/\s+/)[0]!, titleOnly: true }),
    () => ({ text: pick(occupations), city: pick(cities), extent: 'Heltid' }),
  ];
  const queries = new Map<string, JobQuery>();
  for (let attempt = 0; queries.size < count && attempt < count * 50; attempt++) {
    const query = pick(shapes)();
    queries.set(serializeJobQuery(query), query);
  }
  return [...queries.values()];
}
