import type {
  CandidateProfileResponse,
  ProfilePatch,
  ProfileSuggestion,
  ProfileSuggestionKind,
  ProfileSuggestionsResponse,
} from '@jobbportalen/contracts/api/candidate-profile';
import { ApiError, request, requestFile } from '../../../lib/api-client';
import { PROFILE_PATH } from '../../../lib/profile-upload';

/** The visitor's 'Min profil', or null when they have none yet. */
export async function fetchProfile(signal?: AbortSignal): Promise<CandidateProfileResponse | null> {
  try {
    return await request<CandidateProfileResponse>(PROFILE_PATH, {
      session: true,
      signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Replaces the lists given; answers with the profile as it is now. */
export const patchProfile = (patch: ProfilePatch): Promise<CandidateProfileResponse> =>
  request<CandidateProfileResponse>(PROFILE_PATH, { method: 'PATCH', json: patch, session: true });

export async function deleteProfile(): Promise<void> {
  await request<unknown>(PROFILE_PATH, { method: 'DELETE', session: true });
}

/** The kept CV file. */
export const fetchKeptCv = (): Promise<Blob> => requestFile(`${PROFILE_PATH}/cv`);

/** Concepts for an 'add' field, by what has been typed. */
export async function fetchProfileSuggestions(
  kind: ProfileSuggestionKind,
  typed: string,
  signal: AbortSignal,
): Promise<ProfileSuggestion[]> {
  const query = new URLSearchParams({ kind, q: typed });
  const answer = await request<ProfileSuggestionsResponse>(`${PROFILE_PATH}/suggestions?${query}`, {
    session: true,
    signal,
  });
  return answer.suggestions;
}
