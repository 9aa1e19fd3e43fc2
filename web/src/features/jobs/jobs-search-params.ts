import { JOB_FILTER_ATTRIBUTES, JOB_PAGE_SIZE, type JobFilterName } from '@jobbportalen/contracts';

/** The filters /jobb shows as menus, in the order the page mounts them (jobs-filters.tsx). */
export const JOBS_FILTER_MENUS: readonly JobFilterName[] = ['mainCategory', 'city', 'extent', 'form'];

/**
 * A filter's menu widget: it owns the refinement (and so the URL); its choices come from the filter
 * lists, not from facet values, and the search client asks Meilisearch for none
 * (search-client.ts's withoutFacetValues): the limit only satisfies the widget.
 */
export const filterMenuParams = (filter: JobFilterName) => ({
  attribute: JOB_FILTER_ATTRIBUTES[filter],
  limit: 1,
});

/** The page size of /jobb's search (the page's Configure widget). */
export const JOBS_SEARCH_PARAMETERS = { hitsPerPage: JOB_PAGE_SIZE };
