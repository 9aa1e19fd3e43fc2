import { TITLE_ONLY_ATTRIBUTES } from '@jobbportalen/contracts';
import { connectorRendering } from './connector-rendering';
import type { Connector, IndexUiState, InitOptions, RenderOptions } from 'instantsearch.js';

/** Searched fields for 'Sök endast i titel': the JobQuery definition's, as /api/jobs uses them. */
const TITLE_FIELDS = [...TITLE_ONLY_ATTRIBUTES];

// A type alias, not an interface: InstantSearch requires UI state shapes to be plain records.
export type TitleOnlyUiState = { titleOnly?: boolean };

export type TitleOnlyRenderState = { titleOnly: boolean; refine: (titleOnly: boolean) => void };

export type TitleOnlyWidgetDescription = {
  $$type: 'jobbportalen.titleOnly';
  renderState: TitleOnlyRenderState;
  indexUiState: TitleOnlyUiState;
};

const isRestricted = (attributes: readonly string[] | undefined): boolean =>
  Array.isArray(attributes) && attributes.length > 0;

/**
 * 'Sök endast i titel' is not a facet, so no stock widget fits: this small connector maps a
 * `titleOnly` flag in the UI state (and so in the URL) to restrictSearchableAttributes, which
 * instant-meilisearch sends to Meilisearch as attributesToSearchOn.
 */
export const connectTitleOnly: Connector<TitleOnlyWidgetDescription, Record<string, never>> =
  (renderFn, unmountFn = () => undefined) =>
  (widgetParams) => {
    const renderState = ({
      helper,
    }: InitOptions | RenderOptions): TitleOnlyRenderState & { widgetParams: typeof widgetParams } => ({
      titleOnly: isRestricted(helper.state.restrictSearchableAttributes),
      // setQueryParameter also resets the page: a changed search starts on page 1.
      refine: (titleOnly: boolean) =>
        helper
          .setQueryParameter('restrictSearchableAttributes', titleOnly ? TITLE_FIELDS : undefined)
          .search(),
      widgetParams,
    });

    return {
      $$type: 'jobbportalen.titleOnly',

      ...connectorRendering('titleOnly', renderFn, renderState),

      getWidgetUiState(uiState, { searchParameters }) {
        const { titleOnly: _previous, ...rest } = uiState as IndexUiState & TitleOnlyUiState;
        return isRestricted(searchParameters.restrictSearchableAttributes)
          ? { ...rest, titleOnly: true }
          : rest;
      },

      getWidgetSearchParameters(searchParameters, { uiState }) {
        const { titleOnly } = uiState as TitleOnlyUiState;
        return searchParameters.setQueryParameter(
          'restrictSearchableAttributes',
          titleOnly ? TITLE_FIELDS : undefined,
        );
      },

      dispose({ state }) {
        unmountFn();
        return state.setQueryParameter('restrictSearchableAttributes', undefined);
      },
    };
  };
