import { connectorRendering } from './connector-rendering';
import type { Connector, IndexUiState, InitOptions, RenderOptions } from 'instantsearch.js';
import {
  CONDITIONS_PARAM,
  conditionsOf,
  conditionsParam,
  JOB_CONDITION_NAMES,
  sortedIndexName,
  type JobConditions,
} from './job-conditions';

// The helper's parameters, named through instantsearch.js (the helper is not a dependency of ours).
type SearchParameters = InitOptions['helper']['state'];

// A type alias, not an interface: InstantSearch requires UI state shapes to be plain records.
export type JobConditionsUiState = { [K in keyof JobConditions]?: JobConditions[K] };

export type JobConditionsRenderState = {
  conditions: JobConditions;
  /** Replaces the conditions; the search starts again on page 1. */
  refine: (conditions: JobConditions) => void;
};

export type JobConditionsWidgetDescription = {
  $$type: 'jobbportalen.jobConditions';
  renderState: JobConditionsRenderState;
  indexUiState: JobConditionsUiState;
};

const applyConditions = (parameters: SearchParameters, conditions: JobConditions): SearchParameters =>
  parameters
    // Not the filter itself: the search client computes it when it sends the request (see
    // job-conditions). The helper's types know only its own parameters; it keeps and sends any.
    .setQueryParameter(CONDITIONS_PARAM as 'filters', conditionsParam(conditions))
    .setQueryParameter('index', sortedIndexName(parameters.index, conditions));

const withoutConditions = (uiState: IndexUiState): IndexUiState => {
  const rest: Record<string, unknown> = { ...uiState };
  for (const name of JOB_CONDITION_NAMES) delete rest[name];
  return rest as IndexUiState;
};

/**
 * 'Publicerad', 'Ingen erfarenhet krävs', 'Inget körkort krävs', 'Distansarbete' and the order are
 * no facet menus: this connector keeps them in the UI state (and so in the URL) and gives the
 * search their meaning from contracts — a parameter the search client turns into the filter string
 * when it sends the request, and a sort named in the index name, as a sort-by widget does.
 */
export const connectJobConditions: Connector<JobConditionsWidgetDescription, Record<string, never>> =
  (renderFn, unmountFn = () => undefined) =>
  (widgetParams) => {
    // The conditions last given by the UI state or chosen: the helper's filter string cannot be read back.
    let current: JobConditions = {};

    const renderState = ({
      helper,
    }: InitOptions | RenderOptions): JobConditionsRenderState & { widgetParams: typeof widgetParams } => ({
      conditions: current,
      refine: (conditions: JobConditions) => {
        current = conditionsOf(conditions);
        // setQueryParameter also resets the page: a changed search starts on page 1.
        helper.setState(applyConditions(helper.state, current).setPage(0)).search();
      },
      widgetParams,
    });

    return {
      $$type: 'jobbportalen.jobConditions',

      ...connectorRendering('jobConditions', renderFn, renderState),

      getWidgetUiState(uiState) {
        return { ...withoutConditions(uiState), ...current };
      },

      getWidgetSearchParameters(searchParameters, { uiState }) {
        current = conditionsOf(uiState);
        return applyConditions(searchParameters, current);
      },

      dispose({ state }) {
        unmountFn();
        current = {};
        return applyConditions(state, {});
      },
    };
  };
