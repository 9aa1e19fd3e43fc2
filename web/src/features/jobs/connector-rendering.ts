import type { InitOptions, RenderOptions } from 'instantsearch.js';

type Options = InitOptions | RenderOptions;
type Instance = InitOptions['instantSearchInstance'];

/**
 * The rendering every connector of ours has in common: init and render hand the widget its
 * state (first render on init), and the index's render state carries it under `key`. Each
 * connector writes only its own state and its UI-state / search-parameter mapping.
 */
export function connectorRendering<State extends object>(
  key: string,
  renderFn: (state: State & { instantSearchInstance: Instance }, isFirstRender: boolean) => void,
  renderState: (options: Options) => State,
) {
  return {
    init(initOptions: InitOptions) {
      renderFn(
        { ...renderState(initOptions), instantSearchInstance: initOptions.instantSearchInstance },
        true,
      );
    },
    render(renderOptions: RenderOptions) {
      renderFn(
        { ...renderState(renderOptions), instantSearchInstance: renderOptions.instantSearchInstance },
        false,
      );
    },
    getWidgetRenderState: renderState,
    getRenderState<IndexRenderState>(indexRenderState: IndexRenderState, renderOptions: Options) {
      return { ...indexRenderState, [key]: renderState(renderOptions) } as IndexRenderState;
    },
  };
}
