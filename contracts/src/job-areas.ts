/**
 * The taxonomy's occupation fields ('Yrkesområde') and län, as the indexer writes them into an ad's
 * `occupationField` and `region` (JobTech Taxonomy labels; the lexicon's data files hold the same,
 * a lexicon test keeps the two equal). Carried here because the browser lists them before any
 * count has come, and a URL's values are read against them.
 */
export const OCCUPATION_FIELDS = [
  'Administration, ekonomi, juridik',
  'Bygg och anläggning',
  'Chefer och verksamhetsledare',
  'Data/IT',
  'Försäljning, inköp, marknadsföring',
  'Hantverksyrken',
  'Hotell, restaurang, storhushåll',
  'Hälso- och sjukvård',
  'Industriell tillverkning',
  'Installation, drift, underhåll',
  'Kropps- och skönhetsvård',
  'Kultur, media, design',
  'Militärt arbete',
  'Naturbruk',
  'Naturvetenskapligt arbete',
  'Pedagogiskt arbete',
  'Sanering och renhållning',
  'Socialt arbete',
  'Säkerhetsarbete',
  'Tekniskt arbete',
  'Transport',
] as const;

/** Sweden's 21 län in the order of their codes (Stockholm 01 … Norrbotten 25), as lists show them. */
export const REGIONS = [
  'Stockholms län',
  'Uppsala län',
  'Södermanlands län',
  'Östergötlands län',
  'Jönköpings län',
  'Kronobergs län',
  'Kalmar län',
  'Gotlands län',
  'Blekinge län',
  'Skåne län',
  'Hallands län',
  'Västra Götalands län',
  'Värmlands län',
  'Örebro län',
  'Västmanlands län',
  'Dalarnas län',
  'Gävleborgs län',
  'Västernorrlands län',
  'Jämtlands län',
  'Västerbottens län',
  'Norrbottens län',
] as const;

/**
 * The most values one repeatable filter (field, region, municipality) takes in a search: three
 * full lists stay within the search proxy's cap on a filter's conditions (50) with room for the rest.
 */
export const MAX_FILTER_VALUES = 12;

/** A list as it reads in a sentence: 'A', 'A och B', 'A, B och C', 'A, B och 3 till'. */
export function listWords(values: readonly string[]): string {
  if (values.length > 3) return `${values.slice(0, 2).join(', ')} och ${values.length - 2} till`;
  if (values.length <= 1) return values[0] ?? '';
  return `${values.slice(0, -1).join(', ')} och ${values[values.length - 1]!}`;
}

interface AreaCriteria {
  mainCategory?: string | undefined;
  city?: string | undefined;
  occupationFields?: readonly string[] | undefined;
  regions?: readonly string[] | undefined;
  municipalities?: readonly string[] | undefined;
}

/** The 'X' of 'Jobb inom X': the main category, else the chosen occupation fields. Undefined: none. */
export function searchWhatOf(query: AreaCriteria): string | undefined {
  if (query.mainCategory) return query.mainCategory;
  return query.occupationFields?.length ? listWords(query.occupationFields) : undefined;
}

/**
 * The 'Y' of 'Jobb i Y': the city (the spec's one place, which every other place choice must also
 * hold), else the chosen län and places. Undefined: none.
 */
export function searchWhereOf(query: AreaCriteria): string | undefined {
  if (query.city) return query.city;
  const places = [...(query.regions ?? []), ...(query.municipalities ?? [])];
  return places.length > 0 ? listWords(places) : undefined;
}
