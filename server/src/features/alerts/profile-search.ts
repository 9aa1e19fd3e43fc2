import { JOBS_FOR_YOU_ANCHOR, PAGES, PROFILE_SEARCH_NAME } from '@jobbportalen/contracts';
import type { NewAdHit } from './alert-search.js';

// 'Jobb som matchar min profil' is a saved search like any other — the same row, frequencies,
// watermark, sent set, mail and links — except that its ads are the new ones that fit the
// account's profile instead of those a query finds. It is told apart by its query key: a marker
// no stored query can have (serializeJobQuery writes key=value pairs, URL-encoded, so never a bare
// '@'). No migration is needed and the existing unique index on (user_id, query_key) makes it one
// per account; its query is {} and every run groups the accounts' profile searches as one 'query'
// (all new ads), which each is then filtered against its own profile (ProfileSearches below).

/** The query key of every profile search. */
export const PROFILE_QUERY_KEY = '@profil';

export const isProfileSearch = (queryKey: string): boolean => queryKey === PROFILE_QUERY_KEY;

/** Where a profile search is seen on the portal: 'Jobb för dig' on the dashboard. */
export const PROFILE_SEARCH_PATH = `${PAGES.dashboard.path}#${JOBS_FOR_YOU_ANCHOR}`;

export { PROFILE_SEARCH_NAME };

/** A profile search's new ads that fit the profile, best first, each with why it fits. */
export interface ProfileFit {
  hits: NewAdHit[];
  reasons: Map<string, string>;
}

/**
 * What alerts need of 'Min profil' and matching, handed in by the app (profile-matching/): a
 * feature does not reach into another. `fit` is given each profile search of a run with its new
 * ads (new for it and not sent before) and answers those that fit; a search whose account has no
 * profile gets none.
 */
export interface ProfileSearches {
  hasProfile(userId: string): Promise<boolean>;
  fit(
    searches: readonly { id: string; userId: string | null; fresh: NewAdHit[] }[],
  ): Promise<Map<string, ProfileFit>>;
}

/** For runs and tests without profiles: no account has one, so a profile search mails nothing. */
export const NO_PROFILES: ProfileSearches = {
  hasProfile: async () => false,
  fit: async (searches) => new Map(searches.map((search) => [search.id, { hits: [], reasons: new Map() }])),
};
