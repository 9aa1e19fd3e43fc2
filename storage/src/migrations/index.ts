import type { Migration, MigrationProvider } from 'kysely';
import * as initialSchema from './0001-initial-schema.js';
import * as rateLimitCounters from './0002-rate-limit-counters.js';
import * as alertsAndMail from './0003-alerts-and-mail.js';
import * as experienceAndLicence from './0004-experience-and-licence.js';
import * as adDetails from './0005-ad-details.js';
import * as adReports from './0006-ad-reports.js';
import * as searchReplicas from './0007-search-replicas.js';
import * as housekeepingRuns from './0008-housekeeping-runs.js';
import * as candidateProfiles from './0009-candidate-profiles.js';

/**
 * Migrations are listed here rather than discovered on disk, so the same list works from the
 * TypeScript sources (tests), from the compiled dist/ folder and inside a bundled image.
 */
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-rate-limit-counters': rateLimitCounters,
  '0003-alerts-and-mail': alertsAndMail,
  '0004-experience-and-licence': experienceAndLicence,
  '0005-ad-details': adDetails,
  '0006-ad-reports': adReports,
  '0007-search-replicas': searchReplicas,
  '0008-housekeeping-runs': housekeepingRuns,
  '0009-candidate-profiles': candidateProfiles,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
