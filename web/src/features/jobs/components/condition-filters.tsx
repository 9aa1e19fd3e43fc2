import {
  defaultJobSort,
  JOB_QUERY_PARAM_NAMES,
  JOB_SORTS,
  jobSortOf,
  PUBLISHED_WITHIN_DAYS,
  type JobSort,
  type PublishedWithinDays,
} from '@jobbportalen/contracts';
import { useId } from 'react';
import { useJobConditions, useJobsSearch } from '../jobs-search-hooks';
import { useApi } from '../../../lib/use-api';
import { countsQueryOf, fetchFilterCounts } from '../api/filter-counts';
import type { JobConditions } from '../job-conditions';
import { uiStateToRoute, type JobsUiState } from '../jobs-state-mapping';
import { AreaFilters } from './area-filters';
import { DistanceFilter } from './distance-filter';
import { useScripted } from './use-scripted';

const PUBLISHED_LABELS: Readonly<Record<PublishedWithinDays, string>> = {
  1: 'Senaste dygnet',
  3: 'Senaste 3 dagarna',
  7: 'Senaste veckan',
  30: 'Senaste månaden',
};

const SORT_LABELS: Readonly<Record<JobSort, string>> = {
  relevance: 'Mest relevant',
  newest: 'Nyast',
  deadline: 'Sista ansökningsdag',
  distance: 'Närmast',
};

const FLAGS = [
  { name: 'experience', label: 'Ingen erfarenhet krävs', on: false },
  { name: 'drivingLicence', label: 'Inget körkort krävs', on: false },
  { name: 'remote', label: 'Distansarbete', on: true },
] as const;

/**
 * An order's value in the form. Without JavaScript the default order is '' (no parameter): a form
 * submitted with a newly typed text then gets that text's default order (relevance), as the
 * script's search does, not the 'Nyast' the select showed for no text. With JavaScript the select
 * never submits, and its values stay the orders' names.
 */
const sortValue = (sort: JobSort, route: { text?: string }, scripted: boolean): string =>
  !scripted && sort === defaultJobSort(route) ? '' : sort;

/** ' (12)' once the counts have come; nothing while they load or if they fail. */
const countText = (count: number | undefined) => (count === undefined ? '' : ` (${count})`);

/**
 * 'Yrkesområde' and 'Län' (AreaFilters), 'Publicerad', 'Ingen erfarenhet krävs', 'Inget körkort krävs', 'Distansarbete', 'Avstånd' and the
 * order, each choice with the number of ads it gives for the current search
 * (/api/jobs/filter-counts, the server's own meaning of the search). A choice that gives none is shown disabled, not hidden, so
 * the options do not move about; a chosen one always stays choosable, to undo it. Each control is
 * named and valued as its URL parameter, so the panel's form also submits without JavaScript.
 */
export function ConditionFilters() {
  const { conditions, refine } = useJobConditions();
  const { indexUiState } = useJobsSearch();
  const route = uiStateToRoute(indexUiState as JobsUiState);
  const counts = useApi(fetchFilterCounts, countsQueryOf(route)).data;
  const sortId = useId();
  const scripted = useScripted();
  const change = (next: Partial<JobConditions>) => {
    const merged: Record<string, unknown> = { ...conditions, ...next };
    for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
    refine(merged as JobConditions);
  };

  return (
    <>
      <AreaFilters conditions={conditions} change={change} counts={counts ?? undefined} />
      <fieldset className="field condition-group">
        <legend className="label">Publicerad</legend>
        <label className="checkbox">
          <input
            type="radio"
            name={JOB_QUERY_PARAM_NAMES.published}
            value=""
            checked={conditions.published === undefined}
            onChange={() => change({ published: undefined })}
          />
          När som helst
        </label>
        {PUBLISHED_WITHIN_DAYS.map((days) => {
          const count = counts?.published[days];
          const chosen = conditions.published === days;
          return (
            <label className="checkbox" key={days}>
              <input
                type="radio"
                name={JOB_QUERY_PARAM_NAMES.published}
                value={days}
                checked={chosen}
                disabled={count === 0 && !chosen}
                onChange={() => change({ published: days })}
              />
              {PUBLISHED_LABELS[days]}
              {countText(count)}
            </label>
          );
        })}
      </fieldset>
      <fieldset className="field condition-group">
        <legend className="label">Krav och arbetsplats</legend>
        {FLAGS.map(({ name, label, on }) => {
          const chosen = conditions[name] === on;
          const count = counts?.[name];
          return (
            <label className="checkbox" key={name}>
              <input
                type="checkbox"
                name={JOB_QUERY_PARAM_NAMES[name]}
                value={String(on)}
                checked={chosen}
                disabled={count === 0 && !chosen}
                onChange={(event) => change({ [name]: event.target.checked ? on : undefined })}
              />
              {label}
              {countText(count)}
            </label>
          );
        })}
      </fieldset>
      <DistanceFilter conditions={conditions} change={change} counts={counts?.radiusKm} scripted={scripted} />
      <div className="field">
        <label htmlFor={sortId}>Sortera</label>
        <select
          id={sortId}
          name={JOB_QUERY_PARAM_NAMES.sort}
          value={sortValue(jobSortOf(route), route, scripted)}
          onChange={(event) =>
            change({ sort: event.target.value === '' ? undefined : (event.target.value as JobSort) })
          }
        >
          {/* 'Närmast' only around a place. */}
          {JOB_SORTS.filter((sort) => sort !== 'distance' || route.near !== undefined).map((sort) => (
            <option key={sort} value={sortValue(sort, route, scripted)}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
