import {
  JOB_QUERY_PARAM_NAMES,
  MAX_FILTER_VALUES,
  normalizeJobQuery,
  OCCUPATION_FIELDS,
  REGIONS,
  type JobQuery,
} from '@jobbportalen/contracts';
import type { FilterCounts } from '@jobbportalen/contracts/api/filter-counts';
import { useState, type ReactNode } from 'react';
import type { JobConditions } from '../job-conditions';

type AreaName = 'occupationFields' | 'regions' | 'municipalities';

interface AreaFiltersProps {
  conditions: JobConditions;
  change: (next: Partial<JobConditions>) => void;
  counts: FilterCounts | undefined;
}

/** ' (12)' once the counts have come; nothing while they load or if they fail. */
const countText = (count: number | undefined) => (count === undefined ? '' : ` (${count})`);

/** ' (2 valda)' when something is chosen, so a folded group still says so. */
const chosenText = (chosen: number) =>
  chosen === 0 ? '' : ` (${chosen} ${chosen === 1 ? 'valt' : 'valda'})`;

/**
 * A folded group of choices: open from the start when something in it is chosen. The first value
 * is kept, so React never closes what the visitor opened (nor the server's HTML differ from the
 * first render in the browser).
 */
function Fold({ summary, open, children }: { summary: string; open: boolean; children: ReactNode }) {
  const [initiallyOpen] = useState(open);
  return (
    <details className="area-fold" open={initiallyOpen}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

interface ChoiceProps {
  name: AreaName;
  value: string;
  label?: string;
  chosen: boolean;
  count: number | undefined;
  /** MAX_FILTER_VALUES of this kind are chosen: no more can be added. */
  full?: boolean;
  toggle: (name: AreaName, value: string, on: boolean) => void;
}

/** One checkbox named and valued as its URL parameter, so the form also submits without JavaScript. */
function Choice({ name, value, label = value, chosen, count, full = false, toggle }: ChoiceProps) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        name={JOB_QUERY_PARAM_NAMES[name]}
        value={value}
        checked={chosen}
        // None to give is shown, not hidden, so the list does not move about; a chosen one stays choosable.
        disabled={(count === 0 || full) && !chosen}
        onChange={(event) => toggle(name, value, event.target.checked)}
      />
      {label}
      {countText(count)}
    </label>
  );
}

/**
 * 'Yrkesområde' and 'Län' with their places ('Ort'), several at once, each with the number of ads
 * it gives (/api/jobs/filter-counts). A län's places open under it; a whole län chosen needs none.
 * Chosen places whose län is not known yet (the counts have not come) are listed on their own.
 */
export function AreaFilters({ conditions, change, counts }: AreaFiltersProps) {
  const fields = conditions.occupationFields ?? [];
  const regions = conditions.regions ?? [];
  const municipalities = conditions.municipalities ?? [];
  const toggle = (name: AreaName, value: string, on: boolean) => {
    const current = conditions[name] ?? [];
    const next = on ? [...current, value] : current.filter((chosen) => chosen !== value);
    // The URL's own order and spelling, so the state and its address agree.
    change({ [name]: normalizeJobQuery({ [name]: next } as JobQuery)[name] });
  };
  const places = counts?.places ?? [];
  const placed = new Set(places.map((place) => place.name));
  const unplaced = municipalities.filter((name) => !placed.has(name));

  return (
    <>
      <Fold summary={`Yrkesområde${chosenText(fields.length)}`} open={fields.length > 0}>
        <fieldset className="condition-group area-choices">
          <legend className="visually-hidden">Yrkesområde</legend>
          {OCCUPATION_FIELDS.map((field) => (
            <Choice
              key={field}
              name="occupationFields"
              value={field}
              chosen={fields.includes(field)}
              count={counts?.occupationFields[field]}
              full={fields.length >= MAX_FILTER_VALUES}
              toggle={toggle}
            />
          ))}
        </fieldset>
      </Fold>
      <Fold
        summary={`Län${chosenText(regions.length + municipalities.length)}`}
        open={regions.length + municipalities.length > 0}
      >
        <fieldset className="condition-group area-choices">
          <legend className="visually-hidden">Län</legend>
          {unplaced.map((name) => (
            <Choice key={name} name="municipalities" value={name} chosen count={undefined} toggle={toggle} />
          ))}
          {REGIONS.map((region) => {
            const chosen = regions.includes(region);
            const inRegion = places.filter((place) => place.region === region);
            const picked = inRegion.filter((place) => municipalities.includes(place.name)).length;
            return (
              <div className="area-region" key={region}>
                <Choice
                  name="regions"
                  value={region}
                  chosen={chosen}
                  count={counts?.regions[region]}
                  full={regions.length >= MAX_FILTER_VALUES}
                  toggle={toggle}
                />
                {/* A whole län chosen holds all its places. */}
                {!chosen && inRegion.length > 0 ? (
                  <Fold summary={`Orter i ${region}${chosenText(picked)}`} open={picked > 0}>
                    <fieldset className="condition-group area-places">
                      <legend className="visually-hidden">Ort i {region}</legend>
                      {inRegion.map((place) => (
                        <Choice
                          key={place.name}
                          name="municipalities"
                          value={place.name}
                          chosen={municipalities.includes(place.name)}
                          count={place.count}
                          full={municipalities.length >= MAX_FILTER_VALUES}
                          toggle={toggle}
                        />
                      ))}
                    </fieldset>
                  </Fold>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      </Fold>
    </>
  );
}
