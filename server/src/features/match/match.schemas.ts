import { Type } from '@fastify/type-provider-typebox';
import { MatchProfile } from '@jobbportalen/contracts/api/match';
import { ApiJob } from '../../http/job-response.js';
import { MATCH_LIMIT } from './ranking/find-matches.js';

export const MatchedJob = Type.Object({
  ...ApiJob.properties,
  matchReason: Type.String({
    description:
      'Varför jobbet föreslås, t.ex. "Yrke: Systemutvecklare · Kompetenser: Java, SQL (2 av 3 krav) · Ort: Göteborg"',
  }),
  score: Type.Integer({ minimum: 0, maximum: 100, description: 'Hur väl jobbet passar, 0–100' }),
});

export const MatchResponse = Type.Object({
  matches: Type.Array(MatchedJob, { maxItems: MATCH_LIMIT }),
  profile: MatchProfile,
});
