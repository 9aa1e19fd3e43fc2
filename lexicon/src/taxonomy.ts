// Taxonomy facts (JobTech Taxonomy ids and Swedish labels) loaded lazily from lexicon/data.
export type {
  Concept,
  Language,
  Municipality,
  OccupationField,
  OccupationGroup,
  OccupationName,
  Place,
  Region,
  ValueSetName,
} from './taxonomy/types.js';
export {
  languages,
  municipalities,
  occupationFields,
  occupationGroups,
  occupationNames,
  places,
  regions,
  skills,
  valueSet,
} from './taxonomy/lists.js';
export {
  fieldById,
  groupById,
  groupBySsyk,
  municipalityByCode,
  municipalityById,
  municipalityByName,
  occupationNameById,
  regionById,
  skillById,
  skillsById,
} from './taxonomy/lookups.js';
export { mainCategoryFor, type OccupationRef } from './taxonomy/main-category.js';
