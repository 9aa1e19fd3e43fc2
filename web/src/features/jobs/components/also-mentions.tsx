import type { AlsoMentionsAnswer } from '@jobbportalen/contracts/api/job-query-help';
import type { MouseEvent } from 'react';
import { useJobsSearch } from '../jobs-search-hooks';
import { formatNumber } from '../../../lib/format';
import { jobsHref, type JobsRoute } from '../../../lib/jobs-url-state';
import { useApi } from '../../../lib/use-api';
import { alsoMentionsQueryOf, asksAlsoMentions, fetchAlsoMentions } from '../api/also-mentions';
import { routeToUiState } from '../jobs-state-mapping';
import { isPlainClick } from './use-scripted';
import './also-mentions.css';

/** ”utvecklare”; ”sjuksköterska” eller ”läkare”; ”a”, ”b” eller ”c”: an ad added names one of them. */
export function quotedWords(words: readonly string[]): string {
  const quoted = words.map((word) => `”${word}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} eller ${quoted.at(-1)}`;
}

/** 'Visa även 12 annonser som nämner ”utvecklare” i texten' (1 annons). */
export const widenText = (words: readonly string[], totalHits: number): string =>
  `Visa även ${formatNumber(totalHits)} ${totalHits === 1 ? 'annons' : 'annonser'} som nämner ${quotedWords(words)} i texten`;

/** 'Visar även annonser som nämner ”utvecklare” i texten.' */
export const widenedText = (words: readonly string[]): string =>
  `Visar även annonser som nämner ${quotedWords(words)} i texten.`;

/** The way back from a widened search: only the ads for the occupation (or occupations). */
export const narrowText = (words: readonly string[]): string =>
  words.length > 1 ? 'Visa bara annonser för yrkena' : 'Visa bara annonser för yrket';

/** No question for a search without a text or with an exact one: nothing to widen. */
const nothingToWiden = (): Promise<AlsoMentionsAnswer> => Promise.resolve({ words: [], totalHits: 0 });

/**
 * What widening the search would add (/api/jobs/also-mentions, counted by the server as /api/jobs
 * would), null until it is known. Called where the results mount, before they come: the answer is
 * asked with the search, and the server's first render pass already asks for it.
 */
export function useAlsoMentions(route: JobsRoute): AlsoMentionsAnswer | null {
  return useApi(asksAlsoMentions(route) ? fetchAlsoMentions : nothingToWiden, alsoMentionsQueryOf(route))
    .data;
}

/**
 * Under the results of a search with occupation words ('utvecklare' finds the developers' ads by
 * their title and occupation): a link that widens it to the ads whose text names the occupation
 * too ('Visa även 12 annonser som nämner ”utvecklare” i texten'), and once widened, a sentence
 * saying so with the way back. Both are plain links to the /jobb address of that search (they work
 * without JavaScript and in the server's HTML); a plain click changes the search in place.
 */
export function AlsoMentions({ route, answer }: { route: JobsRoute; answer: AlsoMentionsAnswer | null }) {
  const { setIndexUiState } = useJobsSearch();
  if (answer === null || answer.words.length === 0) return null;

  // A new search starts on its first page; the order is the seeker's and stays.
  const { page: _page, alsoMentions, ...search } = route;
  const go = (target: JobsRoute) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setIndexUiState(routeToUiState(target));
  };

  if (alsoMentions) {
    return (
      <p className="also-mentions">
        {widenedText(answer.words)}{' '}
        <a href={jobsHref(search)} onClick={go(search)}>
          {narrowText(answer.words)}
        </a>
      </p>
    );
  }
  if (answer.totalHits === 0) return null;
  const widened: JobsRoute = { ...search, alsoMentions: true };
  return (
    <p className="also-mentions">
      <a href={jobsHref(widened)} onClick={go(widened)}>
        {widenText(answer.words, answer.totalHits)}
      </a>
    </p>
  );
}
