import { Type, type Static } from 'typebox';

/** What POST /api/ai/match read from the CV and letter, shown beside the matches. */
export const MatchProfile = Type.Object({
  occupations: Type.Array(Type.String()),
  skills: Type.Array(Type.String()),
  languages: Type.Array(Type.String()),
  drivingLicences: Type.Array(Type.String()),
  locations: Type.Array(Type.String()),
  yearsOfExperience: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type MatchProfile = Static<typeof MatchProfile>;
