import { getToken, watchToken } from '../../lib/auth';
import type { MatchResult } from './match-api';

/** A finished match: its results, and the file and letter 'Spara som min profil' sends again. */
export interface KeptMatch {
  result: MatchResult;
  cv: File;
  letter: string;
}

/**
 * This tab's last match, held in memory only. A visitor who leaves 'Matcha mig' within the app
 * (to log in so the profile can be saved, or to read an ad) finds the results where they were
 * when they come back, instead of having to upload the CV again. Nothing is written anywhere: a
 * reload or closing the tab ends it, as the page promises ("sparas aldrig"). Logging out forgets
 * it, so the next person at a shared computer does not find it.
 */
let kept: KeptMatch | null = null;
let stopWatching: (() => void) | null = null;

export function keepMatch(match: KeptMatch): void {
  kept = match;
  stopWatching ??= watchToken(() => {
    // Logging in (from nothing to a token) keeps it: that is the way back it exists for.
    if (getToken() === null) forgetMatch();
  });
}

/** The match to show when 'Matcha mig' opens again, if this tab has one. */
export const keptMatch = (): KeptMatch | null => kept;

export function forgetMatch(): void {
  kept = null;
  stopWatching?.();
  stopWatching = null;
}
