import type { PublishedWithinDays } from './job-query-conditions.js';
import { nearestFirstRule } from './job-query-distance.js';
import type { MainCategory } from './main-categories.js';

/** Jobs per page in the job browser, and on /api/jobs when no `limit` is given. */
export const JOB_PAGE_SIZE = 20;
/** The most jobs /api/jobs serves in one page. */
export const JOB_MAX_PAGE_SIZE = 100;
/**
 * The deepest hit a search can reach (the jobs index's maxTotalHits, storage's
 * JOB_MAX_TOTAL_HITS): a page beyond it means the last page that can be reached.
 */
export const JOB_MAX_TOTAL_HITS = 10_000;

/**
 * One search of the job ads: what the job browser shows for a URL, what /api/jobs answers for
 * the same query string, and what a saved search or an alert re-runs. Absent means "not set".
 * Values from parseJobQuery (job-query-url.ts) are canonical — trimmed, known spellings, no
 * default values — so two equal searches are equal values with the same URL.
 *
 * A new criterion is a field here, its parameter in job-query-url.ts (the type makes that
 * mandatory) and its Meilisearch form in the server's compileJobQuery.
 */
export interface JobQuery {
  /** Free text, whitespace collapsed. */
  text?: string;
  /** Match the text in TITLE_ONLY_ATTRIBUTES only ('Sök endast i titel'). */
  titleOnly?: boolean;
  /**
   * Also the ads whose text names the search's occupation words, not only the ads for that
   * occupation ('Visa även N annonser som nämner ”utvecklare” i texten'); see occupationSearch.
   */
  alsoMentions?: true;
  /**
   * Search the text exactly as typed ('Sök exakt på …'): no query understanding (understandJobQuery)
   * and no text-is-a-filter rule, so 'lärarjobb' and 'göteborg' are searched as words.
   */
  exact?: true;
  mainCategory?: MainCategory;
  /** 'Yrkesområde': ads in any of these occupation fields (OCCUPATION_FIELDS), in that list's order. */
  occupationFields?: readonly string[];
  /**
   * 'Län': ads in any of these län (REGIONS, in that order) or in any of `municipalities` — one
   * place choice, so a whole län and a few towns elsewhere can be picked at once.
   */
  regions?: readonly string[];
  /** Places ('Ort', the ads' location) picked several at once; see `regions`. Sorted, unique. */
  municipalities?: readonly string[];
  city?: string;
  extent?: string;
  form?: string;
  /** Published within this many days ('Publicerad: Senaste …'). */
  published?: PublishedWithinDays;
  /** Only ads that say no experience is required ('Ingen erfarenhet krävs'); the URL's experience=false. */
  experience?: false;
  /** Only ads that say no driving licence is required ('Inget körkort krävs'). */
  drivingLicence?: false;
  /** Only remote ads ('Distansarbete'). */
  remote?: true;
  /**
   * Around this place ('Avstånd'): a known place's name (job-query-distance's findNearPlace) or a
   * position rounded to 2 decimals, 'lat,lng' ('Nära mig').
   */
  near?: string;
  /** Within this many km of `near` (MIN_RADIUS_KM to MAX_RADIUS_KM); absent is DEFAULT_RADIUS_KM. */
  radiusKm?: number;
  /** The order of the hits; absent is jobSortOf's default (relevance with a text, else newest). */
  sort?: JobSort;
  /** 1-based, within reach of JOB_MAX_TOTAL_HITS; absent is the first page. */
  page?: number;
  /** Jobs per page (the API's `limit`, 1 to JOB_MAX_PAGE_SIZE); absent is JOB_PAGE_SIZE. */
  pageSize?: number;
}

/**
 * The filters of a search: each is one value that must equal the index attribute named here,
 * and the browser shows each as a facet (a menu with counts). The spec calls the place "city";
 * the index calls it "location" (remote ads have the location 'Distans').
 */
export const JOB_FILTER_ATTRIBUTES = {
  mainCategory: 'mainCategory',
  city: 'location',
  extent: 'extent',
  form: 'form',
} as const satisfies Partial<Record<keyof JobQuery, string>>;

export type JobFilterName = keyof typeof JOB_FILTER_ATTRIBUTES;
export const JOB_FILTER_NAMES = Object.keys(JOB_FILTER_ATTRIBUTES) as JobFilterName[];

/** Index attributes a search may ask facet counts for: those the filters filter on. */
export const JOB_FACET_ATTRIBUTES: readonly string[] = Object.values(JOB_FILTER_ATTRIBUTES);

/**
 * 'Sök endast i titel' searches the title, its folded copy and the index-time terms (compound
 * parts of title and occupation), so 'utvecklare' still finds 'Javautvecklare' — Meilisearch
 * matches whole words and prefixes, never the end of a word — while the description, where most
 * false matches come from, is left out.
 */
export const TITLE_ONLY_ATTRIBUTES = ['title', 'titleFolded', 'terms'] as const;

/**
 * How many of a search text's words an ad must match (Meilisearch's matchingStrategy): all of them.
 * Measured by bench:relevance (#25) over 420 judged queries: whole-set precision 0.962 with
 * Meilisearch's default 'last' (an ad matching only the first words is a hit too), 0.982 with 'all',
 * at the same recall.
 */
export const JOB_TEXT_MATCHING_STRATEGY = 'all' as const;

/**
 * How the hits of a search can be ordered ('Mest relevant', 'Nyast', 'Sista ansökningsdag',
 * 'Närmast'); 'distance' only with a place (`near`).
 */
export const JOB_SORTS = ['relevance', 'newest', 'deadline', 'distance'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

/** The order a search has when it names none: newest first without text, by relevance with it. */
export const defaultJobSort = (query: Pick<JobQuery, 'text'>): 'relevance' | 'newest' =>
  query.text ? 'relevance' : 'newest';

/** The order of a search: its own, else the default. */
export const jobSortOf = (query: Pick<JobQuery, 'text' | 'sort'>): JobSort =>
  query.sort ?? defaultJobSort(query);

/**
 * The Meilisearch sort of each order. Relevance sends none: the index's ranking rules already end
 * with newest first, so equally relevant ads come newest first. The other orders are strict (the
 * index ranks by 'sort' before the text rules): 'Nyast' with a text lists the matching ads newest
 * first, as a seeker who picks it expects.
 */
export const JOB_SORT_RULES: Readonly<Record<Exclude<JobSort, 'distance'>, readonly string[]>> = {
  relevance: [],
  newest: ['publishedTs:desc'],
  // Meilisearch puts documents whose sort value is null after all others in either direction, so
  // ads without a deadline come last (the API test checks it).
  deadline: ['lastDateTs:asc', 'publishedTs:desc'],
};

/**
 * The Meilisearch sort of a search's order: JOB_SORT_RULES, or for 'Närmast' the distance from its
 * place (newest first at the same spot); without a place 'Närmast' is the default order.
 */
export function jobSortRules(query: Pick<JobQuery, 'text' | 'sort' | 'near'>): readonly string[] {
  const sort = jobSortOf(query);
  if (sort !== 'distance') return JOB_SORT_RULES[sort];
  const nearest = nearestFirstRule(query);
  return nearest === undefined ? JOB_SORT_RULES[defaultJobSort(query)] : [nearest, 'publishedTs:desc'];
}
