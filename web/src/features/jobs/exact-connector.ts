import { connectorRendering } from './connector-rendering';
import type { Connector, IndexUiState } from 'instantsearch.js';

// A type alias, not an interface: InstantSearch requires UI state shapes to be plain records.
export type ExactUiState = { exact?: true };

export type ExactRenderState = { exact: boolean };

export type ExactWidgetDescription = {
  $$type: 'jobbportalen.exact';
  renderState: ExactRenderState;
  indexUiState: ExactUiState;
};

/**
 * 'Sök exakt på …' (the JobQuery's `exact`) changes nothing Meilisearch is sent — the text was
 * already kept as typed when the search was made — but InstantSearch keeps only UI state some
 * widget owns: this one keeps the flag, so the URL, reload and back/forward keep it too.
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
        return searchParameters;
      },

      dispose({ state }) {
        unmountFn();
        return state;
      },
    };
  };
