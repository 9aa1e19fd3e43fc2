import { lazy, readDataFile } from '../data-file.js';
import type {
  Concept,
  Language,
  Municipality,
  OccupationField,
  OccupationGroup,
  OccupationName,
  Place,
  Region,
  ValueSetName,
} from './types.js';

export const occupationFields = lazy(() => readDataFile<OccupationField[]>('occupation-fields.json'));
export const occupationGroups = lazy(() => readDataFile<OccupationGroup[]>('occupation-groups.json'));
export const occupationNames = lazy(() => readDataFile<OccupationName[]>('occupation-names.json'));
export const regions = lazy(() => readDataFile<Region[]>('regions.json'));
export const municipalities = lazy(() => readDataFile<Municipality[]>('municipalities.json'));
export const places = lazy(() => readDataFile<Place[]>('places.json'));
export const skills = lazy(() => readDataFile<Concept[]>('skills.json'));
export const languages = lazy(() => readDataFile<Language[]>('languages.json'));

const valueSets = lazy(() => readDataFile<Record<ValueSetName, Concept[]>>('value-sets.json'));

export function valueSet(name: ValueSetName): Concept[] {
  const set = valueSets()[name];
  if (!set) throw new Error(`Unknown taxonomy value set: ${name}`);
  return set;
}
