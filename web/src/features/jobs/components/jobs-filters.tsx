import { JOB_QUERY_PARAM_NAMES, MAIN_CATEGORIES, POPULAR_CITIES } from '@jobbportalen/contracts';
import { useId, useMemo, useRef, useState } from 'react';
import { useJobsSearch, useTitleOnly } from '../jobs-search-hooks';
import { formatNumber } from '../../../lib/format';
import { useModalSheet } from '../../../lib/use-modal-sheet';
import { EXTENTS_PATH, FORMS_PATH, PLACES_PATH, useStringList } from '../api/string-lists';
import type { JobsUiState } from '../jobs-state-mapping';
import { CONDITION_FILTERS } from '../../../lib/jobs-url-state';
import { isPlaceholderResults } from '../results-widgets';
import { ConditionFilters } from './condition-filters';
import { FilterSelect, type OptionGroup } from './filter-select';
import { QueryForm } from './query-form';
import { useScripted } from './use-scripted';

const collator = new Intl.Collator('sv');

let lastGroups: { key: string; groups: OptionGroup[] } | undefined;

/**
 * The place options: the popular cities, then every other place in Swedish order. Remembered for
 * the same list, since the server renders /jobb for each visitor anew (a component's memo does not
 * outlive one render there) and sorting some thousand places with a collator is its dearest part.
 */
function placeGroupsOf(places: readonly string[]): OptionGroup[] {
  const key = places.join('\n');
  if (lastGroups?.key === key) return lastGroups.groups;
  const popular = new Set<string>(POPULAR_CITIES);
  const others = [...new Set(places)].filter((place) => !popular.has(place)).sort(collator.compare);
  const groups = [
    { label: 'Populära orter', options: [...POPULAR_CITIES] },
    { label: 'Alla orter', options: others },
  ];
  lastGroups = { key, groups };
  return groups;
}

/** Where the filters show as a sheet over the page (jobs.css's breakpoint for small screens). */
const SHEET_MEDIA = '(max-width: 52rem)';

/** The id of the results (or overview) the filters' 'Visa N jobb' takes the visitor to. */
export const JOBS_RESULTS_ID = 'jobs-results';

export function JobsFilters() {
  const places = useStringList(PLACES_PATH);
  const extents = useStringList(EXTENTS_PATH);
  const forms = useStringList(FORMS_PATH);
  const { titleOnly, refine: setTitleOnly } = useTitleOnly();
  const { indexUiState, results, status } = useJobsSearch();
  const uiState = indexUiState as JobsUiState;
  const activeFilters =
    Object.values(uiState.menu ?? {}).filter(Boolean).length +
    CONDITION_FILTERS.filter((name) => uiState[name] !== undefined).length;
  // Small screens show the selects on demand so the results are not pushed below the fold. They stay
  // mounted while hidden: the menu widgets inside them hold the refinements. Only with JavaScript:
  // the server's HTML (and a page without scripts) shows them, as the toggle could not open them.
  const [selectsOpen, setSelectsOpen] = useState(false);
  const selectsId = useId();
  const scripted = useScripted();

  const placeGroups = useMemo(() => placeGroupsOf(places), [places]);
  // What the chosen filters give, counted as they change: the button that closes them says it.
  // (While a new count loads, the last one stays: better than a flicker on every choice.)
  const counted = status !== 'error' && !isPlaceholderResults(results);
  // On a small screen the opened filters are a sheet over the page: a modal dialog until closed.
  const sheetRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { afterCloseRef } = useModalSheet({
    open: selectsOpen,
    sheet: sheetRef,
    firstFocus: closeRef,
    close: () => setSelectsOpen(false),
    media: SHEET_MEDIA,
  });
  const showResults = () => {
    // Once the sheet has closed (the results are no longer inert), to the results.
    afterCloseRef.current = () => {
      const list = document.getElementById(JOBS_RESULTS_ID);
      list?.scrollIntoView({ block: 'start' });
      list?.focus({ preventScroll: true });
    };
    setSelectsOpen(false);
  };

  return (
    <section
      className={scripted ? 'jobs-filters card is-scripted' : 'jobs-filters card'}
      aria-labelledby="jobs-filters-title"
    >
      <h2 id="jobs-filters-title">Filtrera jobben</h2>
      <QueryForm>
        <label className="checkbox">
          <input
            type="checkbox"
            name={JOB_QUERY_PARAM_NAMES.titleOnly}
            value="true"
            checked={titleOnly}
            onChange={(event) => setTitleOnly(event.target.checked)}
          />
          Sök endast i titel
        </label>
        <button
          type="button"
          className="button secondary filters-toggle"
          aria-expanded={selectsOpen}
          aria-controls={selectsId}
          onClick={() => setSelectsOpen((open) => !open)}
        >
          {selectsOpen ? 'Dölj filter' : 'Visa filter'}
          {activeFilters > 0 ? ` (${activeFilters} ${activeFilters === 1 ? 'valt' : 'valda'})` : ''}
        </button>
        <div
          id={selectsId}
          ref={sheetRef}
          className={selectsOpen ? 'filter-selects is-open' : 'filter-selects'}
          {...(selectsOpen
            ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': `${selectsId}-title` }
            : {})}
        >
          {/* Small screens: the sheet's own heading and a way to close it without applying. */}
          {selectsOpen ? (
            <div className="filters-sheet-header">
              <h3 id={`${selectsId}-title`}>Filter</h3>
              <button
                type="button"
                ref={closeRef}
                className="button secondary"
                onClick={() => setSelectsOpen(false)}
              >
                Stäng
              </button>
            </div>
          ) : null}
          <FilterSelect
            filter="mainCategory"
            label="Huvudkategori"
            groups={[{ options: [...MAIN_CATEGORIES] }]}
          />
          <FilterSelect filter="city" label="Ort" groups={placeGroups} />
          <FilterSelect filter="extent" label="Omfattning" groups={[{ options: extents }]} />
          <FilterSelect filter="form" label="Anställningsform" groups={[{ options: forms }]} />
          <ConditionFilters />
          {/* Small screens: the filters open over the results; this closes them and shows those. */}
          {scripted ? (
            <button type="button" className="button filters-apply" onClick={showResults}>
              {counted ? `Visa ${formatNumber(results.nbHits)} jobb` : 'Visa jobben'}
            </button>
          ) : null}
        </div>
      </QueryForm>
    </section>
  );
}
