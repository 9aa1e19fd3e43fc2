import type { AdDetails } from '@jobbportalen/contracts';
import { saysRollingSelection } from '@jobbportalen/lexicon/rolling-selection';
import {
  field,
  objectField,
  readConcept,
  readConceptLabels,
  readInteger,
  type FeedObject,
} from './feed-values.js';

/** A share of full time in percent; anything outside 0–100 is a typing error we do not show. */
function readPercent(value: unknown): number | null {
  const percent = readInteger(value);
  return percent !== null && percent >= 0 && percent <= 100 ? percent : null;
}

/**
 * Salary type, duration, scope of work, must-have languages and driving licences from the feed,
 * and 'Urval sker löpande' from the ad's own words (the feed has no field for it).
 */
export function readAdDetails(ad: FeedObject, texts: { title: string; description: string }): AdDetails {
  const scope = objectField(ad, 'scope_of_work');
  return {
    salaryType: readConcept(field(ad, 'salary_type')).label,
    duration: readConcept(field(ad, 'duration')).label,
    scopeOfWorkMin: readPercent(field(scope, 'min')),
    scopeOfWorkMax: readPercent(field(scope, 'max')),
    mustHaveLanguages: readConceptLabels(field(objectField(ad, 'must_have'), 'languages')),
    drivingLicences: readConceptLabels(field(ad, 'driving_license')),
    rollingSelection: saysRollingSelection(texts.title, texts.description),
  };
}
