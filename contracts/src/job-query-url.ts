import { MAX_FILTER_VALUES, OCCUPATION_FIELDS, REGIONS } from './job-areas.js';
import { PUBLISHED_WITHIN_DAYS, type PublishedWithinDays } from './job-query-conditions.js';
import { canonicalNear, DEFAULT_RADIUS_KM, MAX_RADIUS_KM, MIN_RADIUS_KM } from './job-query-distance.js';
import {
  defaultJobSort,
  JOB_MAX_PAGE_SIZE,
  JOB_MAX_TOTAL_HITS,
  JOB_PAGE_SIZE,
  JOB_SORTS,
  type JobQuery,
  type JobSort,
} from './job-query.js';
import { findKnown } from './known-name.js';
import { MAIN_CATEGORIES } from './main-categories.js';

/** How one JobQuery field is written in a query string, and read back (undefined: not set). */
interface Param<T> {
  name: string;
  list?: never;
  read(raw: string): T | undefined;
  write(value: T): string | undefined;
}

/** A field the query string repeats, one parameter per value ('region=…&region=…'). */
interface ListParam<T> {
  name: string;
  list: true;
  read(raws: readonly string[]): T | undefined;
  write(value: T): string[];
}

// Lone surrogates (possible in a JS string, impossible in a URL) become U+FFFD, as URL encoding
// would make them anyway; without that, encodeURIComponent would throw.
const LONE_SURROGATE = /\p{Cs}/gu;

/** Whitespace collapsed and trimmed; blank is not set. */
const cleanText = (raw: string): string | undefined => {
  const text = raw.replace(LONE_SURROGATE, '\uFFFD').replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
};

const integer = (raw: string): number | undefined => {
  const value = Number(raw);
  return raw.trim() !== '' && Number.isInteger(value) ? value : undefined;
};

const textParam = (name: string): Param<string> => ({ name, read: cleanText, write: cleanText });

/** A yes/no filter that has one meaning: the parameter set to exactly that value ('false', 'true'). */
const flagParam = <V extends boolean>(name: string, value: V): Param<V> => ({
  name,
  read: (raw) => (raw === String(value) ? value : undefined),
  write: (flag) => String(flag),
});

const collator = new Intl.Collator('sv');

/**
 * A repeatable filter: each value cleaned, read as one of `known` when given (any spelling of a
 * known name), duplicates dropped, in the known list's order or else in Swedish order — so the
 * same choices are the same URL whatever order they were picked in. Beyond MAX_FILTER_VALUES the
 * rest is left out.
 */
const listParam = (name: string, known?: readonly string[]): ListParam<readonly string[]> => ({
  name,
  list: true,
  read: (raws) => {
    const values = new Set<string>();
    for (const raw of raws) {
      const text = cleanText(raw);
      const value = text === undefined ? null : known ? findKnown(text, known) : text;
      if (value !== null) values.add(value);
    }
    const ordered = known ? known.filter((value) => values.has(value)) : [...values].sort(collator.compare);
    return ordered.length > 0 ? ordered.slice(0, MAX_FILTER_VALUES) : undefined;
  },
  write: (values) => values.map(cleanText).filter((value): value is string => value !== undefined),
});

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Every JobQuery field with its query-string parameter (the spec's names for /jobb and
 * /api/jobs), in the order a URL lists them. Unknown or unusable values are dropped, not refused:
 * a hand-edited link still opens; /api/jobs's schema refuses what its clients must not send.
 */
const PARAMS: {
  readonly [K in keyof JobQuery]-?: Param<NonNullable<JobQuery[K]>> | ListParam<NonNullable<JobQuery[K]>>;
} = {
  text: textParam('search'),
  mainCategory: {
    name: 'mainCategory',
    read: (raw) => findKnown(cleanText(raw) ?? '', MAIN_CATEGORIES) ?? undefined,
    write: (category) => category,
  },
  occupationFields: listParam('field', OCCUPATION_FIELDS),
  regions: listParam('region', REGIONS),
  municipalities: listParam('municipality'),
  city: textParam('city'),
  extent: textParam('extent'),
  form: textParam('form'),
  published: {
    name: 'published',
    read: (raw) => PUBLISHED_WITHIN_DAYS.find((days) => String(days) === raw.trim()),
    write: (days: PublishedWithinDays) => String(days),
  },
  experience: flagParam('experience', false),
  drivingLicence: flagParam('drivingLicence', false),
  remote: flagParam('remote', true),
  near: { name: 'near', read: canonicalNear, write: canonicalNear },
  radiusKm: {
    name: 'radiusKm',
    read: (raw) => {
      const km = integer(raw);
      return km !== undefined && km >= MIN_RADIUS_KM && km <= MAX_RADIUS_KM && km !== DEFAULT_RADIUS_KM
        ? km
        : undefined;
    },
    write: (km) => String(km),
  },
  sort: {
    name: 'sort',
    read: (raw) => JOB_SORTS.find((sort) => sort === raw.trim()),
    write: (sort: JobSort) => sort,
  },
  exact: flagParam('exact', true),
  alsoMentions: flagParam('alsoMentions', true),
  titleOnly: {
    name: 'titleOnly',
    read: (raw) => (raw === 'true' || raw === '1' ? true : undefined),
    write: (titleOnly) => (titleOnly ? 'true' : undefined),
  },
  page: {
    name: 'page',
    read: (raw) => {
      const page = integer(raw);
      return page !== undefined && page > 1 ? page : undefined;
    },
    write: (page) => (page > 1 ? String(page) : undefined),
  },
  pageSize: {
    name: 'limit',
    read: (raw) => {
      const size = integer(raw);
      if (size === undefined) return undefined;
      const within = clamp(size, 1, JOB_MAX_PAGE_SIZE);
      return within === JOB_PAGE_SIZE ? undefined : within;
    },
    write: (size) => String(size),
  },
};

const FIELDS = Object.keys(PARAMS) as (keyof JobQuery)[];

/** Each JobQuery field's query-string name ('text' is 'search', 'pageSize' is 'limit'). */
export const JOB_QUERY_PARAM_NAMES = Object.fromEntries(
  FIELDS.map((field) => [field, PARAMS[field].name]),
) as { readonly [K in keyof JobQuery]-?: string };

/** A query string, its parsed form, or a record of already-validated values (/api/jobs's query). */
export type JobQueryInput = string | URLSearchParams | Readonly<Record<string, unknown>>;

const scalarText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;

/** Every value a parameter has, in order (a record's value may be a list: a saved search's JSON). */
function valuesReader(input: JobQueryInput): (name: string) => string[] {
  const params = typeof input === 'string' ? new URLSearchParams(input) : input;
  if (params instanceof URLSearchParams) return (name) => params.getAll(name);
  return (name) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    return values.map(scalarText).filter((text): text is string => text !== undefined);
  };
}

/** The last page a search of this page size can reach. */
export const lastReachablePage = (pageSize = JOB_PAGE_SIZE): number =>
  Math.ceil(JOB_MAX_TOTAL_HITS / pageSize);

/**
 * Reads a search from a query string ('?search=…&city=…', with or without '?'). Never fails:
 * what cannot be read is left out, and a page beyond reach is the last reachable page.
 */
export function parseJobQuery(input: JobQueryInput): JobQuery {
  const valuesOf = valuesReader(input);
  const query: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const param = PARAMS[field] as Param<unknown> | ListParam<unknown>;
    const raws = valuesOf(param.name);
    // A single-valued parameter given twice means its first value, as URLSearchParams.get reads it.
    const value = param.list ? param.read(raws) : raws[0] === undefined ? undefined : param.read(raws[0]);
    if (value !== undefined) query[field] = value;
  }
  const parsed = query as JobQuery;
  // Exact and alsoMentions are about the text: without one they mean nothing, and the search keeps
  // one URL. An exact text has no occupation words to widen.
  if (parsed.text === undefined) delete parsed.exact;
  if (parsed.text === undefined || parsed.exact) delete parsed.alsoMentions;
  // A radius or 'Närmast' without a place means nothing: left out, the search has one URL.
  if (parsed.near === undefined) {
    delete parsed.radiusKm;
    if (parsed.sort === 'distance') delete parsed.sort;
  }
  // The default order is no choice: leaving it out keeps one URL per search. Except 'newest'
  // without a text: /jobb?sort=newest is the list of every ad, newest first ('Visa alla N jobb'),
  // where /jobb alone is the job browser's overview.
  if (parsed.sort !== undefined && parsed.sort === defaultJobSort(parsed) && parsed.text !== undefined)
    delete parsed.sort;
  if (parsed.page !== undefined) {
    const page = Math.min(parsed.page, lastReachablePage(parsed.pageSize));
    if (page > 1) parsed.page = page;
    else delete parsed.page;
  }
  return parsed;
}

/**
 * The query string of a search, without '?': parameters in a fixed order, values encoded as URI
 * components (a space is %20), defaults left out — '' for the plain job browser.
 */
export function serializeJobQuery(query: JobQuery): string {
  const parts: string[] = [];
  for (const field of FIELDS) {
    const value = query[field];
    if (value === undefined) continue;
    const param = PARAMS[field] as Param<unknown> | ListParam<unknown>;
    const written = param.write(value);
    for (const text of typeof written === 'string' ? [written] : (written ?? []))
      parts.push(`${param.name}=${encodeURIComponent(text)}`);
  }
  return parts.join('&');
}

/** The canonical form of a search: what its URL reads back as. */
export const normalizeJobQuery = (query: JobQuery): JobQuery => parseJobQuery(serializeJobQuery(query));

/** A value of /api/jobs's parameters: text, the number or flag its schema types it as, or a list. */
export type JobQueryParamValue = string | number | boolean | readonly string[];

/**
 * A search as /api/jobs's parameters (what a saved search stores and answers): the URL's names,
 * with numbers and flags as numbers and booleans rather than their URL text ('false' as text
 * would read as true wherever a boolean is expected).
 */
export function jobQueryApiParams(query: JobQuery): Record<string, JobQueryParamValue> {
  const canonical = normalizeJobQuery(query);
  const params: Record<string, JobQueryParamValue> = {};
  for (const field of FIELDS) {
    const value = canonical[field];
    if (value === undefined) continue;
    params[PARAMS[field].name] = value;
  }
  return params;
}
