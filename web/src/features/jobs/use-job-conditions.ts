import { useConnector } from 'react-instantsearch';
import {
  connectJobConditions,
  type JobConditionsRenderState,
  type JobConditionsWidgetDescription,
} from './job-conditions-connector';

export function useJobConditions(): JobConditionsRenderState {
  return useConnector<Record<string, never>, JobConditionsWidgetDescription>(connectJobConditions, {});
}
