// 'Visa även N annonser som nämner ”utvecklare” i texten' under /jobb's results as the server's HTML
// has it: rendered the server's way (InstantSearch from the results it is given, the API's answer
// from the page's prefetched answers), so what is asserted is what a visitor without JavaScript gets.
import type { AlsoMentionsAnswer } from '@jobbportalen/contracts/api/job-query-help';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { InstantSearch, InstantSearchSSRProvider } from 'react-instantsearch';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { jobsHref, parseJobsQuery, type JobsRoute } from '../../../lib/jobs-url-state';
import { renderWithAnswers } from '../../../lib/prefetched-answers';
import { routeToUiState } from '../jobs-state-mapping';
import { ResultsWidgetsProvider } from '../results-widgets';
import { useJobConditions } from '../jobs-search-hooks';
import { alsoMentionsQueryOf } from '../api/also-mentions';
import { quotedWords, widenText } from './also-mentions';
import { JobResults } from './job-results';

const INDEX = 'jobs';

const DEVELOPER = {
  objectID: 'a1',
  id: 'a1',
  title: 'Systemutvecklare',
  company: 'Kodbolaget AB',
  location: 'Malmö',
  publishedTs: 1_700_000_000,
  firstSeenTs: 1_700_000_000,
};

/** One developer's ad. */
const RESULT = {
  hits: [DEVELOPER] as unknown[],
  nbHits: 1,
  page: 0,
  nbPages: 1,
  hitsPerPage: 20,
  processingTimeMS: 0,
  exhaustiveNbHits: true,
  query: '',
  params: '',
};

const searchClient = {
  search: (requests: readonly unknown[]) => Promise.resolve({ results: requests.map(() => RESULT) }),
};

/** The conditions' widget keeps alsoMentions in the state, as the filter panel does on /jobb. */
function WithConditions({ children }: { children: ReactNode }) {
  useJobConditions();
  return createElement(Fragment, null, children);
}

/** The results as /jobb has them: the results widgets registered above them. */
const results = () => createElement(ResultsWidgetsProvider, null, createElement(JobResults));

const pathOf = (route: JobsRoute) => `/api/jobs/also-mentions?${alsoMentionsQueryOf(route)}`;

/** As the server renders /jobb: with the API's answer for the route, if given; says what it missed. */
function render(route: JobsRoute, answer: AlsoMentionsAnswer | null, result = RESULT) {
  const answers = answer === null ? {} : { [pathOf(route)]: { status: 200, body: answer } };
  const page = createElement(
    InstantSearchSSRProvider,
    { initialResults: { [INDEX]: { state: { index: INDEX }, results: [result] } } } as never,
    createElement(
      InstantSearch,
      {
        searchClient: searchClient as never,
        indexName: INDEX,
        initialUiState: { [INDEX]: routeToUiState(route) },
      },
      createElement(WithConditions, null, createElement(results)),
    ),
  );
  // The address the page was asked for ('Ny' markers read it).
  return renderWithAnswers(answers, Date.now(), () =>
    renderToString(createElement(Router, { ssrPath: jobsHref(route), children: page })),
  );
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'" };
const decode = (text: string) =>
  text.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);

/** Each link of the HTML: where it goes (read back as a route) and its text. */
const linksOf = (html: string) =>
  [...html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((match) => {
    const href = decode(match[1]!);
    return {
      path: href.split('?')[0],
      route: parseJobsQuery(href.split('?')[1] ?? ''),
      text: decode(match[2]!.replace(/<!-- -->/g, '')),
    };
  });

/** The paragraph that widens or narrows the search, '' when there is none. */
const wideningIn = (html: string) => /<p class="also-mentions">.*?<\/p>/.exec(html)?.[0] ?? '';

const textOf = (html: string) => decode(html.replace(/<!-- -->/g, '').replace(/<[^>]*>/g, ''));

describe('the way to widen an occupation search', () => {
  it('is a link to the same search with alsoMentions, on its first page, saying how many ads it adds', () => {
    const route: JobsRoute = { text: 'utvecklare', city: 'Malmö', sort: 'newest', page: 3 };
    const { result: html, missing } = render(route, { words: ['utvecklare'], totalHits: 12 });
    expect(missing).toEqual([]);
    expect(linksOf(wideningIn(html))).toEqual([
      {
        path: '/jobb',
        route: { text: 'utvecklare', city: 'Malmö', sort: 'newest', alsoMentions: true },
        text: 'Visa även 12 annonser som nämner ”utvecklare” i texten',
      },
    ]);
  });

  it('asks the server once per search, whatever its page, order or widening', () => {
    const plain = render({ text: 'utvecklare', page: 2 }, null);
    const widened = render({ text: 'utvecklare', alsoMentions: true, sort: 'newest' }, null);
    expect(plain.missing).toEqual(['/api/jobs/also-mentions?search=utvecklare']);
    expect(widened.missing).toEqual(plain.missing);
    // Nothing is shown until the answer is there.
    expect(wideningIn(plain.result)).toBe('');
  });

  it('asks nothing for a search without a text or with an exact one', () => {
    expect(render({ city: 'Malmö' }, null).missing).toEqual([]);
    expect(render({ text: 'utvecklare', exact: true }, null).missing).toEqual([]);
  });

  it('is not offered when the widening adds nothing or the text has no occupation words', () => {
    expect(render({ text: 'utvecklare' }, { words: ['utvecklare'], totalHits: 0 }).result).not.toContain(
      'also-mentions',
    );
    expect(render({ text: 'kollega' }, { words: [], totalHits: 0 }).result).not.toContain('also-mentions');
    // The widened search with no occupation words (an old link) says nothing either.
    expect(render({ text: 'kollega', alsoMentions: true }, { words: [], totalHits: 0 }).result).not.toContain(
      'also-mentions',
    );
  });

  it('says when the search is widened, with the way back to the occupation only', () => {
    const route: JobsRoute = { text: 'utvecklare', alsoMentions: true, remote: true, page: 2 };
    const html = wideningIn(render(route, { words: ['utvecklare'], totalHits: 12 }).result);
    expect(textOf(html)).toBe(
      'Visar även annonser som nämner ”utvecklare” i texten. Visa bara annonser för yrket',
    );
    expect(linksOf(html)).toEqual([
      { path: '/jobb', route: { text: 'utvecklare', remote: true }, text: 'Visa bara annonser för yrket' },
    ]);
  });

  it('quotes the words as typed, any of which an added ad names', () => {
    expect(widenText(['Sjuksköterska'], 1)).toBe('Visa även 1 annons som nämner ”Sjuksköterska” i texten');
    expect(quotedWords(['sjuksköterska', 'läkare'])).toBe('”sjuksköterska” eller ”läkare”');
    expect(quotedWords(['a', 'b', 'c'])).toBe('”a”, ”b” eller ”c”');
    expect(widenText(['utvecklare'], 1234)).toBe(
      'Visa även 1\u00a0234 annonser som nämner ”utvecklare” i texten',
    );
  });

  it('is under the list of ads, and under "Inga jobb hittades." when the occupation has none', () => {
    const answer = { words: ['utvecklare'], totalHits: 2 };
    const widen = 'Visa även 2 annonser som nämner ”utvecklare” i texten';
    const withHits = render({ text: 'utvecklare' }, answer).result;
    expect(textOf(withHits)).toContain(`${DEVELOPER.title}`);
    expect(textOf(withHits)).toContain(widen);
    expect(withHits.indexOf('</ul>')).toBeLessThan(withHits.indexOf('also-mentions'));
    const none = render({ text: 'utvecklare', city: 'Kiruna' }, answer, { ...RESULT, hits: [], nbHits: 0 });
    expect(textOf(none.result)).toContain(`Inga jobb hittades.${widen}`);
  });
});
