import { connectorRendering } from './connector-rendering';
import type { Connector, IndexUiState } from 'instantsearch.js';

// A type alias, not an interface: InstantSearch requires UI state shapes to be plain records.
export type ExactUiState = { exact?: true };

/**
 * The search parameter that tells the search client a text is exact: it then sends the text as
 * typed, without reading occupation words (see search-client's withSearchFilters).
 */
export const EXACT_PARAM = 'jobExactText';

export type ExactRenderState = { exact: boolean };

export type ExactWidgetDescription = {
  $$type: 'jobbportalen.exact';
  renderState: ExactRenderState;
  indexUiState: ExactUiState;
};

/**
 * 'Sök exakt på …' (the JobQuery's `exact`): the text was already kept as typed when the search was
 * made, and the search client sends it without reading occupation words; InstantSearch keeps only
 * UI state some widget owns: this one keeps the flag, so the URL, reload and back/forward keep it too.
 */
export const connectExact: Connector<ExactWidgetDescription, Record<string, never>> =
  (renderFn, unmountFn = () => undefined) =>
  (widgetParams) => {
    let exact = false;
    const renderState = () => ({ exact, widgetParams });

    return {
      $$type: 'jobbportalen.exact',

      ...connectorRendering('exact', renderFn, renderState),

      getWidgetUiState(uiState) {
        const { exact: _previous, ...rest } = uiState as IndexUiState & ExactUiState;
        return exact ? { ...rest, exact: true } : rest;
      },

      getWidgetSearchParameters(searchParameters, { uiState }) {
        exact = (uiState as ExactUiState).exact === true;
        // The helper's types know only its own parameters; it keeps and sends any.
        return searchParameters.setQueryParameter(EXACT_PARAM as 'filters', exact ? 'true' : undefined);
      },

      dispose({ state }) {
        unmountFn();
        return state;
      },
    };
  };
