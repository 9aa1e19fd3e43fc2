import {
  REMOVABLE_FILTER_NAMES,
  serializeJobQuery,
  withoutFilter,
  type JobQuery,
  type RemovableFilterName,
} from '@jobbportalen/contracts';
import type { ZeroHitHelp as Help } from '@jobbportalen/contracts/api/job-query-help';
import { Fragment, useEffect, useState, type MouseEvent, type ReactElement } from 'react';
import { useJobsSearch } from '../jobs-search-hooks';
import { request } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { jobsHref, type JobsRoute } from '../../../lib/jobs-url-state';
import { routeToUiState, uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import './query-help.css';

const ZERO_HIT_HELP_PATH = '/api/jobs/zero-hit-help';

const isRemovable = (name: string): name is RemovableFilterName =>
  (REMOVABLE_FILTER_NAMES as readonly string[]).includes(name);

/** 'kock', 'kock eller kockar', 'kock, kockar eller kocken'. */
function orList(items: readonly ReactElement[]): ReactElement[] {
  return items.map((item, i) => (
    <Fragment key={i}>
      {i === 0 ? '' : i === items.length - 1 ? ' eller ' : ', '}
      {item}
    </Fragment>
  ));
}

/**
 * Shown with an empty result: 'Menade du kock?' for a text spelled beyond the typo tolerance, and
 * for a combination of filters with nothing, each filter whose removal gives hits ('Utan Heltid:
 * 12 jobb'). The server counts them (/api/jobs/zero-hit-help) exactly as /api/jobs would.
 */
export function ZeroHitHelp() {
  const { indexUiState, setIndexUiState } = useJobsSearch();
  const { page: _page, ...route } = uiStateToRoute(indexUiState as JobsUiState);
  const query = serializeJobQuery(route);
  const [help, setHelp] = useState<{ query: string; help: Help } | null>(null);

  useEffect(() => {
    let active = true;
    request<Help>(`${ZERO_HIT_HELP_PATH}?${query}`)
      .then((answer) => {
        if (active) setHelp({ query, help: answer });
      })
      // No help is no loss: the empty result still says so.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [query]);

  if (help === null || help.query !== query) return null;
  const { suggestions, removableFilters } = help.help;
  if (suggestions.length === 0 && removableFilters.length === 0) return null;

  const go = (target: JobsRoute) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setIndexUiState(routeToUiState(target));
  };
  const link = (target: JobsRoute, text: string) => (
    <a href={jobsHref(target)} onClick={go(target)}>
      {text}
    </a>
  );
  const withText = (text: string): JobQuery => ({ ...route, text });

  return (
    <div className="zero-hit-help">
      {suggestions.length > 0 ? (
        <p>
          Menade du{' '}
          {orList(suggestions.map((suggestion) => link(withText(suggestion.text), suggestion.text)))}?
        </p>
      ) : null}
      {removableFilters.length > 0 ? (
        <>
          <p>Du får träffar om du tar bort ett filter:</p>
          <ul>
            {removableFilters
              .filter((filter) => isRemovable(filter.name))
              .map((filter) => (
                <li key={filter.name}>
                  {link(
                    withoutFilter(route, filter.name),
                    `Utan ${filter.label}: ${formatNumber(filter.totalHits)} jobb`,
                  )}
                </li>
              ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
