import { describe, expect, it } from 'vitest';
import { createJobsStateMapping, routeToUiState, uiStateToRoute } from './jobs-state-mapping';

describe('uiStateToRoute / routeToUiState', () => {
  it('maps the URL filters to menu refinements (city filters on location)', () => {
    expect(
      routeToUiState({
        text: 'kock',
        mainCategory: 'Vård',
        city: 'Malmö',
        extent: 'Heltid',
        form: 'Vikariat',
        titleOnly: true,
        page: 2,
      }),
    ).toEqual({
      query: 'kock',
      menu: { mainCategory: 'Vård', location: 'Malmö', extent: 'Heltid', form: 'Vikariat' },
      titleOnly: true,
      page: 2,
    });
  });

  it('gives an empty state for the plain browser and back', () => {
    expect(routeToUiState({})).toEqual({});
    expect(uiStateToRoute({})).toEqual({});
  });

  it('drops what the URL should not carry: blank query, page 1, unrelated widget state', () => {
    expect(
      uiStateToRoute({ query: '  ', page: 1, menu: { location: '' }, configure: { hitsPerPage: 20 } }),
    ).toEqual({});
  });

  it('reads the state by the URL’s rules', () => {
    expect(
      uiStateToRoute({ query: ' lärare   i  Lund ', menu: { mainCategory: 'vård' }, page: 9_999 }),
    ).toEqual({
      text: 'lärare i Lund',
      mainCategory: 'Vård',
      page: 500,
    });
  });

  it('round-trips', () => {
    const route = { text: 'lärare', city: 'Distans', page: 5 };
    expect(uiStateToRoute(routeToUiState(route))).toEqual(route);
  });

  it('carries Publicerad, the yes/no filters and the order as state of their own', () => {
    const route = {
      text: 'lärare',
      published: 7,
      experience: false,
      drivingLicence: false,
      remote: true,
      sort: 'deadline',
    } as const;
    expect(routeToUiState(route)).toEqual({
      query: 'lärare',
      published: 7,
      experience: false,
      drivingLicence: false,
      remote: true,
      sort: 'deadline',
    });
    expect(uiStateToRoute(routeToUiState(route))).toEqual(route);
    // By the URL's rules: values it cannot mean are dropped, a text's default order is no choice
    // (without a text, 'newest' is the list of every ad: kept).
    expect(
      uiStateToRoute({
        query: 'lärare',
        published: 2 as 7,
        experience: true as unknown as false,
        sort: 'relevance',
      }),
    ).toEqual({ text: 'lärare' });
    expect(uiStateToRoute({ sort: 'newest' })).toEqual({ sort: 'newest' });
  });
});

describe('createJobsStateMapping', () => {
  it('reads and writes the state of the configured index only', () => {
    const mapping = createJobsStateMapping('test_jobs');
    expect(mapping.routeToState({ city: 'Umeå' })).toEqual({ test_jobs: { menu: { location: 'Umeå' } } });
    expect(mapping.stateToRoute({ test_jobs: { query: 'svetsare' }, other: { query: 'x' } })).toEqual({
      text: 'svetsare',
    });
  });
});
