import { useConnector } from 'react-instantsearch';
import {
  connectTitleOnly,
  type TitleOnlyRenderState,
  type TitleOnlyWidgetDescription,
} from './title-only-connector';

export function useTitleOnly(): TitleOnlyRenderState {
  return useConnector<Record<string, never>, TitleOnlyWidgetDescription>(connectTitleOnly, {});
}
