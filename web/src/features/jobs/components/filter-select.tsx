import { JOB_FILTER_ATTRIBUTES, JOB_QUERY_PARAM_NAMES, type JobFilterName } from '@jobbportalen/contracts';
import { useId } from 'react';
import { useFilterMenuRefine, useJobsSearch } from '../jobs-search-hooks';
import type { JobsUiState } from '../jobs-state-mapping';

export interface OptionGroup {
  /** Without a label the options are listed as they are, not in an <optgroup>. */
  label?: string;
  options: string[];
}

interface FilterSelectProps {
  filter: JobFilterName;
  label: string;
  groups: OptionGroup[];
}

/**
 * One single-choice filter. The menu widget owns the refinement (and so its place in the URL); the
 * choices come from the filter lists, because facet values are capped and would hide places.
 * Named as the URL parameter, it also submits without JavaScript; 'Alla' submits an empty value,
 * which the URL's rules read as no filter.
 */
export function FilterSelect({ filter, label, groups }: FilterSelectProps) {
  const id = useId();
  const attribute = JOB_FILTER_ATTRIBUTES[filter];
  const refine = useFilterMenuRefine(filter);
  const { indexUiState } = useJobsSearch();
  const current = (indexUiState as JobsUiState).menu?.[attribute] ?? '';
  // A value from a shared link may be missing from the list (an ad that just expired): keep it choosable.
  const known = groups.some((group) => group.options.includes(current));

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={JOB_QUERY_PARAM_NAMES[filter]}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          // refine() toggles: the current value again clears the filter, another value replaces it.
          if (next !== current) refine(next || current);
        }}
      >
        <option value="">Alla</option>
        {current && !known ? <option value={current}>{current}</option> : null}
        {groups.map((group, index) =>
          group.label ? (
            group.options.length > 0 ? (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </optgroup>
            ) : null
          ) : (
            group.options.map((option) => (
              <option key={`${index}-${option}`} value={option}>
                {option}
              </option>
            ))
          ),
        )}
      </select>
    </div>
  );
}
