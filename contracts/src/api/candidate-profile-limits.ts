// The plain values of 'Min profil' and the fit (issue #29), apart from the TypeBox schemas in
// candidate-profile.ts: the browser imports these through the contracts' entry point without
// downloading TypeBox with every job page.

/** The Swedish driving licence classes ('Utökad B' is B96). */
export const DRIVING_LICENCE_CLASSES = [
  'AM',
  'A1',
  'A2',
  'A',
  'B',
  'Utökad B',
  'BE',
  'C1',
  'C1E',
  'C',
  'CE',
  'D1',
  'D1E',
  'D',
  'DE',
] as const;

/** The limits of each list: a profile is a summary, not a second CV. */
export const PROFILE_LIMITS = {
  occupations: 20,
  skills: 100,
  languages: 20,
  drivingLicences: 16,
  locations: 10,
} as const;

/** The most ads one GET /api/candidate/fit asks about (a page of results plus its similar jobs). */
export const FIT_IDS_LIMIT = 50;
