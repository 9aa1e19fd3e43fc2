/** Yrkesområde. */
export interface OccupationField {
  id: string;
  label: string;
}

/** Yrkesgrupp (SSYK-2012 level 4). `fieldId` is the field in taxonomy version 30. */
export interface OccupationGroup {
  id: string;
  label: string;
  ssyk: string;
  fieldId: string;
}

/** Yrkesbenämning. */
export interface OccupationName {
  id: string;
  label: string;
  groupId: string;
}

/** Län. */
export interface Region {
  id: string;
  label: string;
  code: string;
}

/** Kommun; the coordinates are those of its main locality. */
export interface Municipality {
  id: string;
  label: string;
  code: string;
  regionId: string;
  lat?: number;
  lng?: number;
}

/** Tätort. */
export interface Place {
  label: string;
  municipalityCode: string;
  lat: number;
  lng: number;
}

/** Any taxonomy concept reduced to id and label. */
export interface Concept {
  id: string;
  label: string;
}

export interface Language extends Concept {
  /** ISO 639-1 code (upper case as the taxonomy gives it), null when the language has none. */
  iso: string | null;
}

export type ValueSetName =
  | 'employment-type'
  | 'worktime-extent'
  | 'employment-duration'
  | 'wage-type'
  | 'driving-license'
  | 'occupation-experience-years';
