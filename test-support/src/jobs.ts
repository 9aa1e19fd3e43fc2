import { NO_AD_DETAILS, type JobSearchDocument } from '@jobbportalen/contracts';
import { completed } from '@jobbportalen/storage';
import { type NormalizedJob, toSearchDocument } from '@jobbportalen/indexer';
import type { TestApp } from './app.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 0, 15, 9);

/** A normalised ad (what the indexer stores) with sensible defaults; published `ageDays` ago. */
export function normalizedJob(
  id: string,
  overrides: Partial<NormalizedJob> & { ageDays?: number } = {},
): NormalizedJob {
  const { ageDays = 1, ...fields } = overrides;
  const publishedAt = new Date(NOW - ageDays * DAY);
  return {
    id,
    title: 'Lagerarbetare',
    company: 'Testbolaget AB',
    location: 'Uppsala',
    municipality: 'Uppsala',
    municipalityCode: '0380',
    region: 'Uppsala län',
    category: 'Transport',
    mainCategory: null,
    occupation: 'Lagerarbetare',
    occupationId: 'occ-1',
    occupationGroup: 'Lager- och terminalpersonal',
    occupationGroupId: 'grp-1',
    occupationField: 'Transport',
    occupationFieldId: 'fld-1',
    extent: 'Heltid',
    form: 'Vanlig anställning',
    lastDate: new Date(NOW + 30 * DAY),
    applicationUrl: `https://example.se/jobb/${id}`,
    descriptionHtml: '<p>Vi söker en ny kollega till vårt team.</p>',
    descriptionText: 'Vi söker en ny kollega till vårt team.',
    vacancies: 1,
    remote: false,
    experienceRequired: null,
    drivingLicenceRequired: null,
    ...NO_AD_DETAILS,
    lat: 59.86,
    lng: 17.64,
    publishedAt,
    expiresAt: new Date(NOW + 30 * DAY),
    sourceUpdatedAt: publishedAt,
    mustHaveSkills: [],
    niceToHaveSkills: [],
    raw: { id },
    ...fields,
  };
}

/** The jobs-table row of a normalised ad. */
export const normalizedJobRow = (job: NormalizedJob, removedAt: Date | null) => ({
  // What the database's default would give; an ad that carries its own time keeps it.
  updatedAt: new Date(),
  ...job,
  mustHaveSkills: JSON.stringify(job.mustHaveSkills),
  niceToHaveSkills: JSON.stringify(job.niceToHaveSkills),
  mustHaveLanguages: JSON.stringify(job.mustHaveLanguages),
  drivingLicences: JSON.stringify(job.drivingLicences),
  raw: JSON.stringify(job.raw),
  removedAt,
});

/**
 * Stores ads as the indexer would: every ad a row in Postgres, the live ones also a document
 * (built by the indexer's own toSearchDocument) in the test app's Meilisearch index.
 */
export async function seedJobs(
  t: TestApp,
  live: NormalizedJob[],
  removed: NormalizedJob[] = [],
): Promise<JobSearchDocument[]> {
  const rows = [
    ...live.map((job) => normalizedJobRow(job, null)),
    ...removed.map((job) => normalizedJobRow(job, new Date(NOW))),
  ];
  for (let start = 0; start < rows.length; start += 500) {
    await t.database.db
      .insertInto('jobs')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  const documents = live.map(toSearchDocument);
  if (documents.length > 0)
    await completed(t.search.client.index(t.config.meiliIndex).addDocuments(documents));
  return documents;
}
