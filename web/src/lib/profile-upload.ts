import type { CandidateProfileResponse } from '@jobbportalen/contracts/api/candidate-profile';
import { request } from './api-client';

/** The seeker's 'Min profil': read, made, changed and deleted at this address. */
export const PROFILE_PATH = '/api/candidate/profile';

export interface ProfileUpload {
  cv: File;
  letter: string;
  keepCv: boolean;
  consent: boolean;
}

/**
 * Reads a CV into the profile (replacing one kept before): from the dashboard's form, and from
 * 'Matcha mig' with the file and letter that were just matched. `quiet`: a refused token ends no
 * session and leaves the page (there: the match results) as it is; the call only fails.
 */
export function uploadProfile(
  upload: ProfileUpload,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<CandidateProfileResponse> {
  const form = new FormData();
  form.append('cv', upload.cv, upload.cv.name);
  if (upload.letter.trim()) form.append('letter', upload.letter);
  form.append('keepCv', String(upload.keepCv));
  form.append('consent', String(upload.consent));
  return request<CandidateProfileResponse>(PROFILE_PATH, { method: 'PUT', form, session: true, quiet });
}
