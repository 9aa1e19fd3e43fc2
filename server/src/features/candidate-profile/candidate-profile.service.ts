import type {
  CandidateProfileResponse,
  ProfilePatch,
  SavedProfile,
} from '@jobbportalen/contracts/api/candidate-profile';
import type { Database } from '@jobbportalen/storage';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError, profileNotFound } from '../../errors.js';
import {
  deleteProfile,
  findKeptCvFile,
  findProfile,
  saveProfile,
  updateProfile,
  type KeptCvFile,
  type ProfileRecord,
} from './candidate-profile.repository.js';

/** The concepts a person may add: the taxonomy and technologies CV reading knows. */
type Concepts = Pick<
  FastifyInstance['cvProfiles'],
  'occupationName' | 'skillName' | 'languageName' | 'place'
>;

type Db = Kysely<Database>;

export const PROFILE_MESSAGES = {
  noKeptCv: 'Ingen CV-fil är sparad i din profil.',
  consent: 'Kryssa i att du godkänner att vi sparar uppgifterna ur ditt CV.',
  missingCv: 'Bifoga ditt CV.',
  unknownOccupation: (name: string) => `Yrket ”${name}” finns inte i yrkeslistan. Välj ett förslag i listan.`,
  unknownSkill: (name: string) => `Kompetensen ”${name}” känner vi inte till. Välj ett förslag i listan.`,
  unknownLanguage: (name: string) => `Språket ”${name}” känner vi inte till. Välj ett förslag i listan.`,
  unknownPlace: (name: string) =>
    `Orten ”${name}” är ingen kommun vi känner till. Välj ett förslag i listan.`,
} as const;

const unknownConcept = (field: keyof SavedProfile, message: string) =>
  new AppError(400, 'UNKNOWN_CONCEPT', message, { field });

const iso = (moment: Date) => moment.toISOString();

export function toProfileResponse(record: ProfileRecord): CandidateProfileResponse {
  return {
    profile: record.profile,
    cv:
      record.cvFileName && record.cvSavedAt && record.cvSizeBytes !== null
        ? { fileName: record.cvFileName, sizeBytes: record.cvSizeBytes, savedAt: iso(record.cvSavedAt) }
        : null,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

async function requireProfile(db: Db, userId: string): Promise<ProfileRecord> {
  const record = await findProfile(db, userId);
  if (!record) throw profileNotFound();
  return record;
}

export const profileOf = async (db: Db, userId: string) =>
  toProfileResponse(await requireProfile(db, userId));

/**
 * Keeps what was read from a new CV (toSavedProfile's answer), replacing any earlier profile (and its file: `cv` is the
 * new file when the box was ticked, else null). `created` tells the first profile from a new one.
 */
export async function keepReadProfile(
  db: Db,
  userId: string,
  profile: SavedProfile,
  cv: KeptCvFile | null,
  now: Date,
): Promise<{ created: boolean; response: CandidateProfileResponse }> {
  const created = (await findProfile(db, userId)) === null;
  await saveProfile(db, userId, profile, cv, now);
  return { created, response: await profileOf(db, userId) };
}

const uniqueBy = <T>(items: T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
};

/**
 * The lists the patch gives, each checked: what the profile already holds stays as it is, and
 * anything added must be a concept we know (under the name we keep for it), so an edited profile
 * matches as one read from a CV would and holds no free text.
 */
function applyPatch(concepts: Concepts, current: SavedProfile, patch: ProfilePatch): SavedProfile {
  const next: SavedProfile = { ...current };
  if (patch.occupations) {
    next.occupations = uniqueBy(patch.occupations, (item) => item.id).map((item) => {
      const kept = current.occupations.find((occupation) => occupation.id === item.id);
      const name = kept?.name ?? concepts.occupationName(item.id, item.name);
      if (!name) throw unknownConcept('occupations', PROFILE_MESSAGES.unknownOccupation(item.name));
      return { id: item.id, name, years: item.years };
    });
  }
  if (patch.skills) {
    next.skills = uniqueBy(patch.skills, (item) => item.id).map((item) => {
      const kept = current.skills.find((skill) => skill.id === item.id);
      const name = kept?.name ?? concepts.skillName(item.id);
      if (!name) throw unknownConcept('skills', PROFILE_MESSAGES.unknownSkill(item.name));
      return { id: item.id, name };
    });
  }
  if (patch.languages) {
    next.languages = uniqueBy(
      patch.languages.map((given) => {
        if (current.languages.includes(given)) return given;
        const name = concepts.languageName(given);
        if (!name) throw unknownConcept('languages', PROFILE_MESSAGES.unknownLanguage(given));
        return name;
      }),
      (name) => name,
    );
  }
  if (patch.locations) {
    next.locations = uniqueBy(
      patch.locations.map((given) => {
        const kept = current.locations.find((place) => place.municipality === given.municipality);
        const place = kept ?? concepts.place(given.municipality);
        if (!place) throw unknownConcept('locations', PROFILE_MESSAGES.unknownPlace(given.municipality));
        return place;
      }),
      (place) => place.municipality,
    );
  }
  if (patch.drivingLicences) next.drivingLicences = [...new Set(patch.drivingLicences)];
  if (patch.yearsOfExperience !== undefined) next.yearsOfExperience = patch.yearsOfExperience;
  return next;
}

/** An edit by the owner: the given lists replace the kept ones. 404 without a profile. */
export async function editProfile(
  db: Db,
  concepts: Concepts,
  userId: string,
  patch: ProfilePatch,
  now: Date,
): Promise<CandidateProfileResponse> {
  const record = await requireProfile(db, userId);
  const next = applyPatch(concepts, record.profile, patch);
  // Deleted in between: as if it had not been there.
  if (!(await updateProfile(db, userId, next, now))) throw profileNotFound();
  return profileOf(db, userId);
}

/** 'Ta bort min profil'. */
export async function removeProfile(db: Db, userId: string): Promise<void> {
  if (!(await deleteProfile(db, userId))) throw profileNotFound();
}

/** The kept file, or 404 (no profile, or one without a file). */
export async function keptCvOf(db: Db, userId: string): Promise<KeptCvFile> {
  const file = await findKeptCvFile(db, userId);
  if (!file) throw new AppError(404, 'NOT_FOUND', PROFILE_MESSAGES.noKeptCv);
  return file;
}
