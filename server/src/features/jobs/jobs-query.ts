import { MAIN_CATEGORIES } from '@jobbportalen/contracts';
import { foldAscii } from '@jobbportalen/lexicon/swedish';
import { JOB_MAX_TOTAL_HITS } from '@jobbportalen/storage';
import { MAX_PAGE_SIZE, PAGE_SIZE, type JobsQuery } from './jobs.schemas.js';

export interface JobFilters {
  search: string | null;
  mainCategory: string | null;
  city: string | null;
  extent: string | null;
  form: string | null;
}

export interface ResolvedJobsQuery {
  filters: JobFilters;
  titleOnly: boolean;
  page: number;
  limit: number;
}

const clean = (value: string | undefined) => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The known value a text names: same letters ignoring case, else ignoring å/ä/ö if only one fits. */
export function findKnown(text: string, known: readonly string[]): string | null {
  const lower = text.toLocaleLowerCase('sv');
  const exact = known.find((value) => value.toLocaleLowerCase('sv') === lower);
  if (exact) return exact;
  const folded = foldAscii(text);
  const candidates = known.filter((value) => foldAscii(value) === folded);
  return candidates.length === 1 ? candidates[0]! : null;
}

/**
 * Reads /api/jobs's query as the spec's job browser does: a search text that names a known city
 * or a main category becomes that filter (unless the filter is already set to something else);
 * page and limit are clamped to what the index can serve (maxTotalHits).
 */
export function resolveJobsQuery(query: JobsQuery, knownCities: readonly string[]): ResolvedJobsQuery {
  const filters: JobFilters = {
    search: clean(query.search),
    mainCategory: query.mainCategory ?? null,
    city: clean(query.city),
    extent: clean(query.extent),
    form: clean(query.form),
  };
  if (filters.city) filters.city = findKnown(filters.city, knownCities) ?? filters.city;
  if (filters.search) {
    const category = findKnown(filters.search, MAIN_CATEGORIES);
    const city = category ? null : findKnown(filters.search, knownCities);
    if (category && (filters.mainCategory ?? category) === category) {
      filters.mainCategory = category;
      filters.search = null;
    } else if (city && (filters.city ?? city) === city) {
      filters.city = city;
      filters.search = null;
    }
  }
  const limit = clamp(query.limit ?? PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const lastPage = Math.ceil(JOB_MAX_TOTAL_HITS / limit);
  return { filters, titleOnly: query.titleOnly ?? false, page: clamp(query.page ?? 1, 1, lastPage), limit };
}

/** A value as a Meilisearch filter string literal. */
export const quoteFilterValue = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export function filterExpressions(filters: Omit<JobFilters, 'search'>): string[] {
  const expressions: string[] = [];
  if (filters.mainCategory) expressions.push(`mainCategory = ${quoteFilterValue(filters.mainCategory)}`);
  if (filters.city) expressions.push(`location = ${quoteFilterValue(filters.city)}`);
  if (filters.extent) expressions.push(`extent = ${quoteFilterValue(filters.extent)}`);
  if (filters.form) expressions.push(`form = ${quoteFilterValue(filters.form)}`);
  return expressions;
}

/**
 * 'Sök endast i titel': the title, its folded copy and the index-time terms (compound parts of
 * title and occupation), so 'utvecklare' still finds 'Javautvecklare' while the description,
 * where most false matches come from, is left out.
 */
export const TITLE_ATTRIBUTES = ['title', 'titleFolded', 'terms'];
