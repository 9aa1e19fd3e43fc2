import { JOB_MAX_TOTAL_HITS, type JobSearchField } from '@jobbportalen/contracts';
import { JOB_OCCUPATION_FIELDS } from '@jobbportalen/contracts/api/job';
import { occupationSynonyms, SWEDISH_STOP_WORDS } from '@jobbportalen/lexicon/swedish';
import type { Settings } from 'meilisearch';

/**
 * Relevance order: a match in the title weighs more than one in the occupation, the index-time
 * terms (compound parts, heads, plurals), the employer, the place, the occupation field or the
 * description. The field ('Transport', 'Hälso- och sjukvård') answers category words; the broad
 * occupation group label is left out: it made plural queries worse (bench:relevance).
 */
export const JOB_SEARCHABLE_ATTRIBUTES = [
  'title',
  'titleFolded',
  'occupation',
  'terms',
  'company',
  'location',
  'category',
  'description',
] as const satisfies readonly JobSearchField[];

/** Attributes the UI (instant-meilisearch) and /api/jobs filter or facet on. */
export const JOB_FILTERABLE_ATTRIBUTES = [
  'mainCategory',
  'location',
  'municipality',
  'region',
  'category',
  ...JOB_OCCUPATION_FIELDS,
  'extent',
  'form',
  'remote',
  // 'Ingen erfarenhet krävs' and 'Inget körkort krävs'.
  'experienceRequired',
  'drivingLicenceRequired',
  // Facet distribution of the titles feeds the search suggestions and /api/jobs/titles.
  'title',
  // Summing the facet distribution (value × count) gives the number of vacancies.
  'vacancies',
  'publishedTs',
  'lastDateTs',
  // Alerts and saved searches ask for the ads first seen after a moment.
  'firstSeenTs',
  // A search's occupation words find the ads for those occupations (contracts' occupationSearch),
  // and with 'Visa även …' the ads whose text names them.
  'occupationKeys',
  'mentionKeys',
  '_geo',
] as const satisfies readonly JobSearchField[];

export const JOB_SORTABLE_ATTRIBUTES = [
  'publishedTs',
  'lastDateTs',
  'title',
  '_geo',
] as const satisfies readonly JobSearchField[];

/** Enough facet values for every municipality (290) and the most common titles. */
export const JOB_MAX_VALUES_PER_FACET = 500;

// The deepest hit a search may page to is part of what a search means (contracts' JobQuery).
export { JOB_MAX_TOTAL_HITS };

/**
 * Index settings for the jobs index. Meilisearch has no Swedish stemming or decompounding, so
 * the documents carry `terms` and `titleFolded` (see the lexicon's searchTerms) and the settings
 * add Swedish stop words and occupation synonyms.
 *
 * No `localizedAttributes`: with locale `swe` Meilisearch keeps å, ä and ö apart from a, o, so
 * 'vaxjo' no longer finds 'Växjö' nor 'umea' 'Umeå' (measured with `npm run bench:relevance`).
 * Without a locale every field and every query is folded the same way, and nothing here is
 * detected as a language with its own segmentation (checked: German text is not decompounded).
 */
export function jobsIndexSettings(extra: Partial<Settings> = {}): Settings {
  return {
    searchableAttributes: [...JOB_SEARCHABLE_ATTRIBUTES],
    filterableAttributes: [...JOB_FILTERABLE_ATTRIBUTES],
    sortableAttributes: [...JOB_SORTABLE_ATTRIBUTES],
    displayedAttributes: ['*'],
    // 'sort' first: a search that asks for an order ('Nyast', 'Sista ansökningsdag') gets exactly
    // that order, text or not; relevance sends no sort, so the rule is idle then. Then the default
    // rules, then newest first: equally relevant ads and a search without text come back newest first.
    rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness', 'publishedTs:desc'],
    stopWords: [...SWEDISH_STOP_WORDS],
    synonyms: occupationSynonyms(),
    localizedAttributes: [],
    typoTolerance: {
      enabled: true,
      // '2024', postcodes and 'åk 7-9' must match exactly.
      disableOnNumbers: true,
      minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
      // A misspelt word still finds titles, occupations, employers and places, but not a
      // description that merely holds a word a letter or two away ('utvecklas'). Chosen by
      // bench:relevance (#25): whole-set precision 0.985 → 0.989 over 420 judged queries at the
      // same recall; misspelt occupations are read by the query understanding instead.
      disableOnAttributes: ['description'],
    },
    faceting: { maxValuesPerFacet: JOB_MAX_VALUES_PER_FACET, sortFacetValuesBy: { '*': 'count' } },
    pagination: { maxTotalHits: JOB_MAX_TOTAL_HITS },
    ...extra,
  };
}
