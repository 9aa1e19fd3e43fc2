import type { FeedConcept } from './simulator-data.js';

// The JobStream v1 ad as the simulator writes it: the 2024 shape (the newest real sample), key
// order included, so a JSON diff against a real ad shows only differences in content.

export interface WeightedConcept extends FeedConcept {
  weight: number;
}

export interface Requirements {
  skills: WeightedConcept[];
  languages: WeightedConcept[];
  work_experiences: WeightedConcept[];
  education: WeightedConcept[];
  education_level: WeightedConcept[];
}

export interface ApplicationContact {
  name: string | null;
  description: string | null;
  email: string | null;
  telephone: string | null;
  contact_type: string | null;
}

export interface JobStreamAd {
  id: string;
  external_id: string | null;
  original_id: string | null;
  label: string;
  webpage_url: string;
  logo_url: string | null;
  headline: string;
  application_deadline: string;
  number_of_vacancies: number;
  description: {
    text: string;
    text_formatted: string;
    company_information: string | null;
    needs: string | null;
    requirements: string | null;
    conditions: string | null;
  };
  employment_type: FeedConcept;
  salary_type: FeedConcept;
  salary_description: string | null;
  duration: FeedConcept;
  working_hours_type: FeedConcept;
  scope_of_work: { min: number; max: number };
  access: string | null;
  employer: {
    phone_number: string | null;
    email: string | null;
    url: string | null;
    organization_number: string;
    name: string;
    workplace: string;
  };
  application_details: {
    information: string | null;
    reference: string | null;
    email: string | null;
    via_af: boolean;
    url: string | null;
    other: string | null;
  };
  experience_required: boolean;
  access_to_own_car: boolean;
  driving_license_required: boolean;
  driving_license: Array<{ concept_id: string; label: string }> | null;
  occupation: FeedConcept;
  occupation_group: FeedConcept;
  occupation_field: FeedConcept;
  workplace_address: {
    municipality: string;
    municipality_code: string;
    municipality_concept_id: string;
    region: string;
    region_code: string;
    region_concept_id: string;
    country: string;
    country_code: string;
    country_concept_id: string;
    street_address: string | null;
    postcode: string | null;
    city: string | null;
    /** [longitude, latitude] */
    coordinates: [number, number];
  };
  must_have: Requirements;
  nice_to_have: Requirements;
  application_contacts: ApplicationContact[];
  publication_date: string;
  last_publication_date: string;
  removed: false;
  removed_date: null;
  source_type: string;
  /** Epoch milliseconds of the ad's last change; the stream's windows select on it. */
  timestamp: number;
}

/**
 * A removal as the stream sends it. The 2020 sample has only these three keys and a numeric id;
 * the string-id variant also names the ad's occupation and place (unverified against a real
 * 2024+ removal: it lets a consumer that filters by occupation or place see its removals too).
 */
export type JobStreamRemoval =
  | { id: number; removed: true; removed_date: string }
  | {
      id: string;
      removed: true;
      removed_date: string;
      occupation: { concept_id: string };
      occupation_group: { concept_id: string };
      occupation_field: { concept_id: string };
      workplace_address: {
        municipality_concept_id: string;
        region_concept_id: string;
        country_concept_id: string;
      };
    };

export type JobStreamRecord = JobStreamAd | JobStreamRemoval;

export const SWEDEN = { label: 'Sverige', code: '199', conceptId: 'i46j_HmG_v64' } as const;
