import { Type, type Static } from 'typebox';
import { DRIVING_LICENCE_CLASSES, FIT_IDS_LIMIT, PROFILE_LIMITS } from './candidate-profile-limits.js';
import { NO_NUL } from './text-rules.js';

export { DRIVING_LICENCE_CLASSES, FIT_IDS_LIMIT, PROFILE_LIMITS };

// 'Min profil' (issue #29): what a logged-in seeker keeps of a CV they had read, and how each ad
// fits it. One definition for the API (server schemas), the stored row and the browser.

const Name = (description: string) =>
  Type.String({ minLength: 1, maxLength: 120, pattern: NO_NUL, description });
const ConceptId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: NO_NUL,
  description: 'Begreppets id i Jobtechs taxonomi',
});
const Years = Type.Union([Type.Integer({ minimum: 0, maximum: 60 }), Type.Null()]);

/** An occupation the profile holds: a taxonomy occupation, with the years the CV gives under it. */
export const ProfileOccupationItem = Type.Object(
  {
    id: ConceptId,
    name: Name('Yrkets namn som det visas'),
    years: Years,
  },
  { additionalProperties: false },
);
export type ProfileOccupationItem = Static<typeof ProfileOccupationItem>;

/** A skill: a taxonomy skill or one of the lexicon's technologies (ids 'tech:…'). */
export const ProfileSkillItem = Type.Object(
  { id: ConceptId, name: Name('Kompetensens namn som det visas') },
  { additionalProperties: false },
);
export type ProfileSkillItem = Static<typeof ProfileSkillItem>;

export const ProfilePlace = Type.Object(
  {
    municipality: Name('Kommun'),
    region: Type.Union([Name('Län'), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ProfilePlace = Static<typeof ProfilePlace>;

/** What a profile holds; every field editable by its owner. No CV text is kept in it. */
export const SavedProfile = Type.Object(
  {
    occupations: Type.Array(ProfileOccupationItem, { maxItems: PROFILE_LIMITS.occupations }),
    skills: Type.Array(ProfileSkillItem, { maxItems: PROFILE_LIMITS.skills }),
    languages: Type.Array(Name('Språk'), { maxItems: PROFILE_LIMITS.languages }),
    /** Driving licence classes as the ads name them, e.g. 'B', 'CE', 'Utökad B'. */
    drivingLicences: Type.Array(Type.Enum(DRIVING_LICENCE_CLASSES), {
      maxItems: PROFILE_LIMITS.drivingLicences,
    }),
    locations: Type.Array(ProfilePlace, { maxItems: PROFILE_LIMITS.locations }),
    yearsOfExperience: Years,
  },
  { additionalProperties: false },
);
export type SavedProfile = Static<typeof SavedProfile>;

/** PATCH /api/candidate/profile: the fields given replace the stored ones; the rest stay. */
export const ProfilePatch = Type.Partial(SavedProfile, { additionalProperties: false });
export type ProfilePatch = Static<typeof ProfilePatch>;

/** The CV file, when its owner chose to keep it (default: not kept). */
export const KeptCv = Type.Object({
  fileName: Type.String(),
  sizeBytes: Type.Integer({ minimum: 0 }),
  savedAt: Type.String({ format: 'date-time' }),
});
export type KeptCv = Static<typeof KeptCv>;

/** GET /api/candidate/profile (and the answer of PUT and PATCH). */
export const CandidateProfileResponse = Type.Object({
  profile: SavedProfile,
  cv: Type.Union([KeptCv, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type CandidateProfileResponse = Static<typeof CandidateProfileResponse>;

/** What the 'add' fields of 'Min profil' look up: GET /api/candidate/profile/suggestions. */
export const PROFILE_SUGGESTION_KINDS = ['occupation', 'skill', 'language', 'place'] as const;
export type ProfileSuggestionKind = (typeof PROFILE_SUGGESTION_KINDS)[number];

/** The most suggestions one lookup answers with. */
export const PROFILE_SUGGESTION_LIMIT = 10;

export const ProfileSuggestionsQuery = Type.Object(
  {
    kind: Type.Union(PROFILE_SUGGESTION_KINDS.map((kind) => Type.Literal(kind))),
    q: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: NO_NUL,
      description: 'Det som skrivits hittills',
    }),
  },
  { additionalProperties: false },
);
export type ProfileSuggestionsQuery = Static<typeof ProfileSuggestionsQuery>;

/** An occupation, a skill, a language or a kommun: the taxonomy's (or the technology's) id and name. */
export const ProfileSuggestion = Type.Object({ id: Type.String(), name: Type.String() });
export type ProfileSuggestion = Static<typeof ProfileSuggestion>;

export const ProfileSuggestionsResponse = Type.Object({
  suggestions: Type.Array(ProfileSuggestion, { maxItems: PROFILE_SUGGESTION_LIMIT }),
});
export type ProfileSuggestionsResponse = Static<typeof ProfileSuggestionsResponse>;

/** Which kind of requirement of an ad a fit line speaks of. */
export const RequirementKind = Type.Union([
  Type.Literal('experience'),
  Type.Literal('licence'),
  Type.Literal('language'),
  Type.Literal('skill'),
]);
export type RequirementKind = Static<typeof RequirementKind>;

/** One requirement of an ad, and whether the profile meets it. */
export const FitRequirement = Type.Object({
  kind: RequirementKind,
  /** What the ad asks for, in its own words: 'Java', 'Körkort B', 'Engelska', 'Erfarenhet'. */
  label: Type.String(),
  /** A must-have (true) or a merit (false). */
  required: Type.Boolean(),
  met: Type.Boolean(),
  /** What in the profile meets it ('Java', 'B', 'Systemutvecklare, 5 år'); null when not met. */
  evidence: Type.Union([Type.String(), Type.Null()]),
});
export type FitRequirement = Static<typeof FitRequirement>;

/** How one ad fits the profile: 'Du uppfyller {met} av {required} krav'. */
export const AdFit = Type.Object({
  jobId: Type.String(),
  /** Must-haves met, out of `required`. */
  met: Type.Integer({ minimum: 0 }),
  required: Type.Integer({ minimum: 0 }),
  /** Must-haves first, then merits, each in the ad's order. */
  requirements: Type.Array(FitRequirement),
});
export type AdFit = Static<typeof AdFit>;

/** GET /api/candidate/fit?ids=a,b,c. */
export const FitQuery = Type.Object(
  {
    ids: Type.String({
      minLength: 1,
      maxLength: FIT_IDS_LIMIT * 40,
      pattern: NO_NUL,
      description: `Annonsernas id, kommaseparerade (högst ${FIT_IDS_LIMIT})`,
    }),
  },
  { additionalProperties: false },
);
export type FitQuery = Static<typeof FitQuery>;

/** Ads unknown or closed are left out; a seeker without a profile gets 404 (code PROFILE_NOT_FOUND). */
export const FitResponse = Type.Object({ fits: Type.Array(AdFit) });
export type FitResponse = Static<typeof FitResponse>;
