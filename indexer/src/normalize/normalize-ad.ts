import { readAdDetails } from './ad-details.js';
import { normalizeDescription } from './description.js';
import { parseFeedDate, parseFeedTimestamp } from './feed-time.js';
import {
  field,
  objectField,
  readConcept,
  readConceptLabels,
  readInteger,
  readText,
  type FeedObject,
} from './feed-values.js';
import { normalizePlace } from './location.js';
import type { NormalizedJob } from './normalized-job.js';
import { normalizeOccupation } from './occupation.js';
import { stripPersonalData } from './raw-payload.js';
import { isRemoteAd } from './remote.js';

// Some ads say 999 to mean "many"; one such ad would dominate the portal's total of vacancies.
export const MAX_VACANCIES = 100;

function normalizeVacancies(value: unknown): number {
  const vacancies = readInteger(value);
  if (vacancies === null || vacancies < 1) return 1;
  return Math.min(vacancies, MAX_VACANCIES);
}

/** 'Heltid' / 'Deltid' from working_hours_type; without it, from scope_of_work's percentages. */
function normalizeExtent(ad: FeedObject): string | null {
  const label = readConcept(field(ad, 'working_hours_type')).label;
  if (label !== null) {
    // Case differences only; 'Heltid/Deltid' is a value of its own and stays as the feed wrote it.
    if (/^heltid$/i.test(label)) return 'Heltid';
    if (/^deltid$/i.test(label)) return 'Deltid';
    return label;
  }
  const scope = objectField(ad, 'scope_of_work');
  const min = readInteger(field(scope, 'min'));
  const max = readInteger(field(scope, 'max'));
  if (min !== null && min >= 100) return 'Heltid';
  if (max !== null && max > 0 && max < 100) return 'Deltid';
  return null;
}

/** Only http(s): the link becomes an "Ansök nu" button. 'www.firma.se/jobb' gets https://. */
function toHttpUrl(value: unknown): string | null {
  const text = readText(value);
  if (text === null) return null;
  const withScheme = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A yes/no the feed gives as a boolean; anything else (absent, null, text) is "does not say". */
const readFlag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

function skillLabels(ad: FeedObject, requirement: 'must_have' | 'nice_to_have'): string[] {
  return readConceptLabels(field(objectField(ad, requirement), 'skills'));
}

/** A feed ad (already known to have a valid id and not to be a removal) as a job row. */
export function normalizeAd(ad: FeedObject, id: string): NormalizedJob {
  const description = normalizeDescription(field(ad, 'description'));
  const occupation = normalizeOccupation(ad);
  const remote = isRemoteAd(ad, description.text);
  const place = normalizePlace(ad, remote);
  const applicationDetails = objectField(ad, 'application_details');
  const title = readText(field(ad, 'headline')) ?? occupation.occupation ?? '';

  return {
    id,
    title,
    company: readText(field(objectField(ad, 'employer'), 'name')),
    location: place.location,
    municipality: place.municipality,
    municipalityCode: place.municipalityCode,
    region: place.region,
    category: occupation.occupationField,
    mainCategory: occupation.mainCategory,
    occupation: occupation.occupation,
    occupationId: occupation.occupationId,
    occupationGroup: occupation.occupationGroup,
    occupationGroupId: occupation.occupationGroupId,
    occupationField: occupation.occupationField,
    occupationFieldId: occupation.occupationFieldId,
    extent: normalizeExtent(ad),
    form: readConcept(field(ad, 'employment_type')).label,
    lastDate: parseFeedDate(field(ad, 'application_deadline'), { dateOnlyAsEndOfDay: true }),
    applicationUrl: toHttpUrl(field(applicationDetails, 'url')) ?? toHttpUrl(field(ad, 'webpage_url')),
    descriptionHtml: description.html,
    descriptionText: description.text,
    vacancies: normalizeVacancies(field(ad, 'number_of_vacancies')),
    remote,
    experienceRequired: readFlag(field(ad, 'experience_required')),
    drivingLicenceRequired: readFlag(field(ad, 'driving_license_required')),
    ...readAdDetails(ad, { title, description: description.text }),
    lat: place.lat,
    lng: place.lng,
    publishedAt: parseFeedDate(field(ad, 'publication_date')),
    expiresAt: parseFeedDate(field(ad, 'last_publication_date'), { dateOnlyAsEndOfDay: true }),
    sourceUpdatedAt: parseFeedTimestamp(field(ad, 'timestamp')),
    mustHaveSkills: skillLabels(ad, 'must_have'),
    niceToHaveSkills: skillLabels(ad, 'nice_to_have'),
    raw: stripPersonalData(ad, description),
  };
}
