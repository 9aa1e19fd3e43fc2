import { employmentTerms, pickSkills } from './ad-terms.js';
import { adTimesFor, STREAM_CONTENT, STREAM_REVISION, type AdGenerationOptions } from './ad-times.js';
import {
  buildHeadline,
  composeDescription,
  pickContactPerson,
  renderDescriptionHtml,
  renderDescriptionText,
} from './ad-text.js';
import { pickEmployer } from './employer.js';
import {
  SWEDEN,
  type ApplicationContact,
  type JobStreamAd,
  type WeightedConcept,
} from './jobstream-shape.js';
import { hashInts, Random } from './prng.js';
import { simulatorData, type FeedConcept } from './simulator-data.js';
import { formatStockholm } from './stockholm-clock.js';

/** Ad ids are consecutive from here; 2024's real ids were around 28.7 million. */
export const FIRST_AD_ID = 29_000_000;

export const adIdFor = (index: number): string => String(FIRST_AD_ID + index);

/** The generator index behind an ad id (string or number), or null for an id it never produces. */
export function adIndexFor(id: string | number): number | null {
  const index = Number(id) - FIRST_AD_ID;
  return Number.isInteger(index) && index >= 0 ? index : null;
}

const weighted = (concept: FeedConcept, weight: number): WeightedConcept => ({ weight, ...concept });

/**
 * One ad in the JobStream v1 shape. Same (index, seed, options) → the same ad, byte for byte.
 * The text is in Swedish and carries invented contact details (names, example.se addresses,
 * fiction-series phone numbers) for the normaliser's personal-data stripping to remove.
 */
export function generateAd(index: number, seed: number, options: AdGenerationOptions = {}): JobStreamAd {
  const data = simulatorData();
  const random = new Random(hashInts(seed, index, STREAM_CONTENT));
  const id = adIdFor(index);
  const profile = data.profileTable.pick(random);
  const occupation = random.pick(profile.names);
  const place = data.placeTable.pick(random);
  const remote = random.chance(profile.remote);
  const employer = pickEmployer(random, profile, place, data);
  const terms = employmentTerms(random, data, profile);
  const title = random.pick(profile.titles);
  const headlineContext = {
    title,
    employer,
    city: place.label,
    extent: terms.extent.label,
    profile,
    texts: data.texts,
  };
  // Platsbanken marks fully remote jobs in the headline; the normaliser reads it from there.
  const headlineFor = (source: Random) => {
    const built = buildHeadline(source, headlineContext);
    return remote ? `${built} (distans)` : built;
  };
  let headline = headlineFor(random);
  let vacancies = random.chance(0.8) ? 1 : random.chance(0.7) ? random.between(2, 4) : random.between(5, 10);

  const contact = pickContactPerson(random, data, random.pick(data.texts.contactRoles));
  const description = composeDescription(random, data, {
    title,
    employer,
    city: place.label,
    profile,
    remote,
    contact,
  });
  const contacts: ApplicationContact[] = [
    {
      name: contact.name,
      description: contact.role,
      email: contact.email,
      telephone: contact.phone,
      contact_type: null,
    },
  ];
  if ((employer.sector === 'kommun' || employer.sector === 'region') && random.chance(0.6)) {
    const union = pickContactPerson(
      random,
      data,
      `Facklig företrädare, ${random.pick(data.texts.unionContacts)}`,
    );
    contacts.push({
      name: union.name,
      description: union.role,
      email: null,
      telephone: union.phone,
      contact_type: null,
    });
  }

  const [mustSkills, niceSkills] = pickSkills(random, profile, headline);
  const experienceRequired = random.chance(profile.experience);
  const swedishRequired = random.chance(0.6);
  const englishRequired = random.chance(profile.english * 0.5);
  const englishWanted = !englishRequired && random.chance(profile.english * 0.5);
  const licenceRequired = random.chance(profile.drivingLicense);
  const ownCar = licenceRequired && random.chance(0.4);
  const jitter = () => random.next() - 0.5;
  const coordinates: [number, number] = [
    Math.round((place.lng + jitter() * 0.04) * 1e6) / 1e6,
    Math.round((place.lat + jitter() * 0.02) * 1e6) / 1e6,
  ];
  const hasStreet = random.chance(0.65);
  const street = `${random.pick(data.texts.streets)} ${random.between(1, 60)}`;
  const postcode = `${random.pick(place.postcodePrefixes)}${String(random.int(1000)).padStart(3, '0')}`;
  const applyByUrl = random.chance(0.65);
  const withReference = random.chance(0.5);
  const employerUrl = random.chance(0.75) ? `https://www.${employer.slug}.example.se` : null;
  const employerPhone = random.chance(0.15) ? contact.phone : null;
  const employerEmail = random.chance(0.1) ? contact.email : null;
  const withLogo = random.chance(0.4);
  const externalId = random.chance(0.3)
    ? `46-${employer.organizationNumber.slice(0, 6)}-${employer.organizationNumber.slice(6)}-${random.between(10_000_000, 99_999_999)}`
    : null;
  const salaryDescription = random.chance(0.7) ? random.pick(data.texts.salaryDescriptions) : null;
  const access = random.chance(0.4) ? random.pick(data.texts.access) : null;
  const conditions = random.chance(0.35) ? `${terms.extent.label}\n${terms.duration.label}` : null;
  const sourceType = random.chance(0.75) ? 'VIA_PLATSBANKEN_DXA' : 'VIA_ANNONSERA';

  const times = adTimesFor(index, seed, options);
  if (options.revision !== undefined) {
    const revision = new Random(hashInts(seed, index, STREAM_REVISION, options.revision, 1));
    if (revision.chance(0.4)) headline = headlineFor(revision);
    if (revision.chance(0.3)) vacancies += revision.between(1, 3);
    description.updateNote = revision.pick(data.texts.updateNotes);
  }
  const deadlineDate = times.deadlineText.slice(0, 10);

  return {
    id,
    external_id: externalId,
    original_id: null,
    label: '[]',
    webpage_url: `https://arbetsformedlingen.se/platsbanken/annonser/${id}`,
    logo_url: withLogo
      ? `https://www.arbetsformedlingen.se/rest/arbetsgivare/rest/af/v3/organisation/${employer.organizationNumber}/logotyper/logo.png`
      : null,
    headline,
    application_deadline: times.deadlineText,
    number_of_vacancies: vacancies,
    description: {
      text: renderDescriptionText(description, deadlineDate),
      text_formatted: renderDescriptionHtml(description, deadlineDate),
      company_information: null,
      needs: null,
      requirements: null,
      conditions,
    },
    employment_type: terms.employmentType,
    salary_type: terms.salaryType,
    salary_description: salaryDescription,
    duration: terms.duration,
    working_hours_type: terms.extent,
    scope_of_work: terms.scope,
    access,
    employer: {
      phone_number: employerPhone,
      email: employerEmail,
      url: employerUrl,
      organization_number: employer.organizationNumber,
      name: employer.name,
      workplace: employer.department ? `${employer.name}, ${employer.department}` : employer.name,
    },
    application_details: {
      information: applyByUrl ? null : 'Ansökan skickas via e-post.',
      reference: withReference ? `${deadlineDate.slice(0, 4)}/${random.between(100, 999)}` : null,
      email: applyByUrl ? null : contact.email,
      via_af: false,
      url: applyByUrl ? `https://jobb.${employer.slug}.example.se/annons/${id}` : null,
      other: null,
    },
    experience_required: experienceRequired,
    access_to_own_car: ownCar,
    driving_license_required: licenceRequired,
    driving_license: licenceRequired
      ? profile.licences.map((label) => {
          const { concept_id } = data.valueSet('driving-license', label);
          return { concept_id, label };
        })
      : null,
    occupation,
    occupation_group: profile.group,
    occupation_field: profile.field,
    workplace_address: {
      municipality: place.label,
      municipality_code: place.code,
      municipality_concept_id: place.id,
      region: place.region.label,
      region_code: place.region.code,
      region_concept_id: place.region.id,
      country: SWEDEN.label,
      country_code: SWEDEN.code,
      country_concept_id: SWEDEN.conceptId,
      street_address: hasStreet ? street : null,
      postcode: hasStreet ? postcode : null,
      city: hasStreet ? place.label : null,
      coordinates,
    },
    must_have: {
      skills: mustSkills.map((skill) => weighted(skill, 10)),
      languages: [
        ...(swedishRequired ? [weighted(data.swedish, 10)] : []),
        ...(englishRequired ? [weighted(data.english, 10)] : []),
      ],
      work_experiences: experienceRequired ? [weighted(occupation, 10)] : [],
      education: [],
      education_level: [],
    },
    nice_to_have: {
      skills: niceSkills.map((skill) => weighted(skill, 5)),
      languages: englishWanted ? [weighted(data.english, 5)] : [],
      work_experiences: experienceRequired ? [] : random.chance(0.3) ? [weighted(occupation, 5)] : [],
      education: [],
      education_level: [],
    },
    application_contacts: contacts,
    publication_date: formatStockholm(times.publishedAt),
    last_publication_date: times.deadlineText,
    removed: false,
    removed_date: null,
    source_type: sourceType,
    timestamp: times.timestamp,
  };
}
