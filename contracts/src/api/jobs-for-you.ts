import { Type, type Static } from 'typebox';
import { Job } from './job.js';

/** The most ads 'Jobb för dig' shows (the same as one 'Matcha mig'). */
export const JOBS_FOR_YOU_LIMIT = 20;

/** One ad of 'Jobb för dig': the job, why it fits the kept profile, and how well (0–100). */
export const JobForYou = Type.Object({
  ...Job.properties,
  matchReason: Type.String({
    description:
      'Varför jobbet passar profilen, t.ex. "Yrke: Systemutvecklare · Kompetenser: Java, SQL (2 av 3 krav) · Ort: Göteborg"',
  }),
  score: Type.Integer({ minimum: 0, maximum: 100, description: 'Hur väl jobbet passar, 0–100' }),
});
export type JobForYou = Static<typeof JobForYou>;

/**
 * GET /api/candidate/jobs-for-you: the live ads that fit the account's profile best, best first.
 * Without a profile: 404, code PROFILE_NOT_FOUND.
 */
export const JobsForYouResponse = Type.Object({
  jobs: Type.Array(JobForYou, { maxItems: JOBS_FOR_YOU_LIMIT }),
});
export type JobsForYouResponse = Static<typeof JobsForYouResponse>;
