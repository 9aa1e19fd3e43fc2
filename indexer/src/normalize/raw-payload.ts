import { asObject, field, type FeedObject } from './feed-values.js';
import type { NormalizedDescription } from './description.js';
import { removeContactDetails } from './contact-details.js';

// What we keep of a feed ad: enough to normalise it again (after a normaliser change) and to
// show it, nothing that names or reaches a person. Unknown fields are not kept, so a field the
// feed adds later cannot smuggle personal data in.
const KEPT_AD_FIELDS = [
  'id',
  'original_id',
  'webpage_url',
  'headline',
  'application_deadline',
  'number_of_vacancies',
  'employment_type',
  'salary_type',
  'salary_description',
  'duration',
  'working_hours_type',
  'scope_of_work',
  'access',
  'experience_required',
  'access_to_own_car',
  'driving_license_required',
  'driving_license',
  'occupation',
  'occupation_group',
  'occupation_field',
  'must_have',
  'nice_to_have',
  'publication_date',
  'last_publication_date',
  'removed',
  'removed_date',
  'source_type',
  'timestamp',
  'remote_work',
];

// Contact fields go (employer e-mail and phone, application e-mail, free-text "information" and
// "reference", which in the samples hold names and numbers). An enskild firma's organisation
// number is its owner's personnummer, so it goes too, and with it external_id and logo_url,
// which embed it. Street address and postcode of a one-person business are a home address;
// municipality, city and coordinates are enough.
const KEPT_SUBFIELDS: Record<string, string[]> = {
  employer: ['name', 'workplace', 'url'],
  application_details: ['url', 'via_af'],
  workplace_address: [
    'municipality',
    'municipality_code',
    'municipality_concept_id',
    'region',
    'region_code',
    'region_concept_id',
    'country',
    'country_code',
    'country_concept_id',
    'city',
    'coordinates',
  ],
};

const DESCRIPTION_TEXT_PARTS = ['company_information', 'needs', 'requirements', 'conditions'];

const PLAIN_PROPERTY = { enumerable: true, writable: true, configurable: true };

/**
 * A deep copy of parsed JSON (plain objects, arrays, primitives), so the stored payload shares
 * nothing with the record. Much cheaper than structuredClone, which serialises, and than copying
 * through Object.entries. A "__proto__" key (JSON.parse makes it an own property) is defined as an
 * own property too, never assigned, which would set the copy's prototype.
 */
function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const inner = copyJson((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(copy, key, { ...PLAIN_PROPERTY, value: inner });
    else copy[key] = inner;
  }
  return copy;
}

function pick(object: FeedObject | null, keys: readonly string[]): FeedObject {
  const picked: FeedObject = {};
  for (const key of keys) {
    const value = field(object, key);
    if (value !== undefined) picked[key] = copyJson(value);
  }
  return picked;
}

/**
 * The payload kept in the jobs table. `application_contacts` (and 2020's `application_contact`)
 * are dropped whole. The description carries our sanitised, contact-free text instead of the
 * feed's, so normalising the stored payload again gives the same job.
 */
export function stripPersonalData(
  ad: FeedObject,
  description: NormalizedDescription,
): Record<string, unknown> {
  const raw = pick(ad, KEPT_AD_FIELDS);
  for (const [key, subfields] of Object.entries(KEPT_SUBFIELDS)) {
    const object = asObject(field(ad, key));
    if (object) raw[key] = pick(object, subfields);
    else if (field(ad, key) === null) raw[key] = null;
  }
  const feedDescription = asObject(field(ad, 'description'));
  const parts: FeedObject = { text: description.text, text_formatted: description.html };
  for (const key of DESCRIPTION_TEXT_PARTS) {
    const value = field(feedDescription, key);
    parts[key] = typeof value === 'string' ? removeContactDetails(value) : null;
  }
  raw.description = parts;
  return raw;
}
