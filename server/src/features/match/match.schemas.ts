import { Type } from '@fastify/type-provider-typebox';
import { ApiJob } from '../jobs/job-mapper.js';

export const MatchedJob = Type.Object({
  ...ApiJob.properties,
  matchReason: Type.String({
    description:
      'Varför jobbet föreslås, t.ex. "Yrke: Systemutvecklare · Kompetenser: Java, SQL (2 av 3 krav) · Ort: Göteborg"',
  }),
  score: Type.Integer({ minimum: 0, maximum: 100, description: 'Hur väl jobbet passar, 0–100' }),
});

export const MatchProfile = Type.Object({
  occupations: Type.Array(Type.String()),
  skills: Type.Array(Type.String()),
  languages: Type.Array(Type.String()),
  drivingLicences: Type.Array(Type.String()),
  locations: Type.Array(Type.String()),
  yearsOfExperience: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});

export const MatchResponse = Type.Object({
  matches: Type.Array(MatchedJob, { maxItems: 20 }),
  profile: MatchProfile,
});

export const MatchError = Type.Object(
  {
    code: Type.String({ description: 'Stabil felkod, t.ex. UNSUPPORTED_MEDIA_TYPE' }),
    message: Type.String({ description: 'Meddelande på svenska' }),
    error: Type.String({ description: 'Samma som message' }),
  },
  { additionalProperties: true },
);
