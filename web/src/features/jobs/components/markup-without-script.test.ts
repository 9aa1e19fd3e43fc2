// /jobb's controls as the server's HTML has them, used without JavaScript: the filter panel is one
// GET form to /jobb whose controls, submitted as they stand, read back (parseJobsQuery) as the
// search shown, and the pages are links. The search client answers nothing: only the markup is under
// test, not the search.
import { JOB_QUERY_PARAM_NAMES, serializeJobQuery } from '@jobbportalen/contracts';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { InstantSearch, InstantSearchSSRProvider } from 'react-instantsearch';
import { describe, expect, it } from 'vitest';
import { parseJobsQuery, type JobsRoute } from '../../../lib/jobs-url-state';
import { routeToUiState } from '../jobs-state-mapping';
import { ResultsWidgetsProvider } from '../results-widgets';
import { JobsFilters } from './jobs-filters';
import { JobsPagination } from './jobs-pagination';

const INDEX = 'jobs';

const EMPTY_RESULT = {
  hits: [],
  nbHits: 0,
  page: 0,
  nbPages: 0,
  hitsPerPage: 20,
  processingTimeMS: 0,
  exhaustiveNbHits: true,
  query: '',
  params: '',
};

const emptySearchClient = {
  search: (requests: readonly unknown[]) => Promise.resolve({ results: requests.map(() => EMPTY_RESULT) }),
};

/** As a server renders it: InstantSearch renders at once from the results it is given. */
function renderServerSide(route: JobsRoute, widget: () => ReactNode, result = EMPTY_RESULT): string {
  return renderToString(
    createElement(
      InstantSearchSSRProvider,
      { initialResults: { [INDEX]: { state: { index: INDEX }, results: [result] } } } as never,
      createElement(
        InstantSearch,
        {
          searchClient: emptySearchClient as never,
          indexName: INDEX,
          initialUiState: { [INDEX]: routeToUiState(route) },
        },
        createElement(widget),
      ),
    ),
  );
}

const renderPanel = (route: JobsRoute) => renderServerSide(route, JobsFilters);

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'" };
const decode = (text: string) =>
  text.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)) {
    attributes.set(match[1]!, decode(match[2] ?? ''));
  }
  return attributes;
}

/**
 * What a browser submits for the HTML's form (the form data set): named, enabled controls; checked
 * boxes only; a select's selected option, else its first enabled one.
 */
function formData(html: string): URLSearchParams {
  const data = new URLSearchParams();
  let select: { name?: string; disabled: boolean; options: Map<string, string>[] } | null = null;
  for (const match of html.matchAll(/<(\/?)(input|select|option)\b([^>]*)>/g)) {
    const [, closing, element, rest] = match;
    const attributes = attributesOf(rest!);
    if (element === 'select' && !closing) {
      select = { name: attributes.get('name'), disabled: attributes.has('disabled'), options: [] };
    } else if (element === 'option' && !closing && select) {
      select.options.push(attributes);
    } else if (element === 'select' && closing && select) {
      const chosen =
        select.options.find((option) => option.has('selected')) ??
        select.options.find((option) => !option.has('disabled'));
      if (select.name && !select.disabled && chosen) data.append(select.name, chosen.get('value') ?? '');
      select = null;
    } else if (element === 'input') {
      const name = attributes.get('name');
      const type = attributes.get('type') ?? 'text';
      if (!name || attributes.has('disabled')) continue;
      if ((type === 'checkbox' || type === 'radio') && !attributes.has('checked')) continue;
      data.append(name, attributes.get('value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : ''));
    }
  }
  return data;
}

describe('the filter panel without JavaScript', () => {
  it('is one GET form to /jobb, its controls named as the URL parameters', () => {
    const html = renderPanel({});
    const forms = [...html.matchAll(/<form\b[^>]*>/g)].map((match) => attributesOf(match[0]));
    expect(forms).toHaveLength(1);
    expect(forms[0]!.get('method')).toBe('get');
    expect(forms[0]!.get('action')).toBe('/jobb');
    expect(forms[0]!.get('role')).toBe('search');

    const names = new Set([...html.matchAll(/\sname="([^"]*)"/g)].map((match) => match[1]));
    const params = JOB_QUERY_PARAM_NAMES;
    // (`exact` is a hidden field, there only while 'Sök exakt' is on.)
    expect([...names].sort()).toEqual(
      [
        params.text,
        params.titleOnly,
        params.mainCategory,
        params.occupationFields,
        params.regions,
        params.city,
        params.extent,
        params.form,
        params.published,
        params.experience,
        params.drivingLicence,
        params.remote,
        params.near,
        params.radiusKm,
        params.sort,
      ].sort(),
    );
    // The 'Sök' button submits the whole panel; the small-screen toggle does not (and is hidden,
    // with the selects shown, until the script runs).
    expect(html).toMatch(/<button type="submit"[^>]*>Sök<\/button>/);
    expect(html).not.toContain('is-scripted');
    // 'Nära mig' needs the browser's position, a script API: not offered without it.
    expect(html).not.toContain('Nära mig');
  });

  it('submits nothing that changes the plain job browser', () => {
    expect(parseJobsQuery(formData(renderPanel({})))).toEqual({});
  });

  it.each<[string, JobsRoute]>([
    ['text and filters', { text: 'lärare', mainCategory: 'Vård', city: 'Malmö', titleOnly: true }],
    [
      'conditions',
      { published: 7, experience: false, drivingLicence: false, remote: true, sort: 'deadline' },
    ],
    ['a place and a radius, nearest first', { near: 'Göteborg', radiusKm: 50, sort: 'distance' }],
    ['a position', { near: '57.71,11.97', text: 'kock' }],
    ['a text ordered newest first', { text: 'utvecklare', sort: 'newest' }],
    ['a text searched exactly', { text: 'lärarjobb malmö', exact: true }],
  ])('submits the search it shows: %s', (_, route) => {
    expect(parseJobsQuery(formData(renderPanel(route)))).toEqual(parseJobsQuery(serializeJobQuery(route)));
  });

  it('leaves the order out when it is the default, so a newly typed text gets its own default', () => {
    // No text: 'Nyast' is shown, but submitted as no order; with a text typed it is relevance.
    const submitted = formData(renderPanel({ city: 'Malmö' }));
    expect(submitted.get(JOB_QUERY_PARAM_NAMES.sort)).toBe('');
    submitted.set(JOB_QUERY_PARAM_NAMES.text, 'lärare');
    expect(parseJobsQuery(submitted)).toEqual({ text: 'lärare', city: 'Malmö' });
  });

  it('lets a radius be chosen together with a place (not disabled without one)', () => {
    const submitted = formData(renderPanel({}));
    expect(submitted.has(JOB_QUERY_PARAM_NAMES.radiusKm)).toBe(true);
    submitted.set(JOB_QUERY_PARAM_NAMES.near, 'Uppsala');
    submitted.set(JOB_QUERY_PARAM_NAMES.radiusKm, '10');
    expect(parseJobsQuery(submitted)).toEqual({ near: 'Uppsala', radiusKm: 10 });
  });
});

describe('the pages without JavaScript', () => {
  it('are links to /jobb?…&page=N keeping the search; no previous on the first page', () => {
    const route: JobsRoute = { text: 'lärare', city: 'Malmö', remote: true };
    // As on /jobb: the page's results widgets are registered above the pagination.
    const pagination = () => createElement(ResultsWidgetsProvider, null, createElement(JobsPagination));
    const html = renderServerSide({ ...route, page: 1 }, pagination, {
      ...EMPTY_RESULT,
      nbHits: 100,
      nbPages: 5,
    });
    const links = [...html.matchAll(/<a\b[^>]*>/g)].map((match) => attributesOf(match[0]));
    const hrefs = links.map((link) => link.get('href'));
    const pageHref = (page: number) => `/jobb?${serializeJobQuery({ ...route, page })}`;
    // Föregående (no target), 1–5, Nästa.
    expect(hrefs).toEqual([undefined, ...[1, 2, 3, 4, 5].map(pageHref), pageHref(2)]);
    expect(links[0]!.get('aria-disabled')).toBe('true');
    expect(links[0]!.get('role')).toBe('link');
    expect(links[1]!.get('aria-current')).toBe('page');
    expect(links[1]!.get('aria-label')).toBe('Sida 1');
    expect(pageHref(1)).toBe('/jobb?search=l%C3%A4rare&city=Malm%C3%B6&remote=true');
  });
});
