import type { OccupationLexicon } from '@jobbportalen/contracts';
import { request } from '../../../lib/api-client';

export const OCCUPATION_WORDS_PATH = '/api/jobs/occupation-words';

let loading: Promise<OccupationLexicon | null> | null = null;

/**
 * The occupation words (/api/jobs/occupation-words), fetched once per page load when the first
 * search with a text is sent. Null when they cannot be had: the search then goes out with its text
 * as typed, which finds more than it should rather than nothing; the next search asks again.
 */
export function loadOccupationLexicon(): Promise<OccupationLexicon | null> {
  loading ??= request<OccupationLexicon>(OCCUPATION_WORDS_PATH).catch(() => {
    loading = null;
    return null;
  });
  return loading;
}
