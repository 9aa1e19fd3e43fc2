import { describe, expect, it } from 'vitest';
import { MAX_FILTER_VALUES, OCCUPATION_FIELDS, REGIONS } from './job-areas.js';
import { jobConditionExpressions, PUBLISHED_WITHIN_DAYS } from './job-query-conditions.js';
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM, MIN_RADIUS_KM } from './job-query-distance.js';
import { defaultJobSort, JOB_MAX_PAGE_SIZE, JOB_PAGE_SIZE, JOB_SORTS, type JobQuery } from './job-query.js';
import {
  jobQueryApiParams,
  JOB_QUERY_PARAM_NAMES,
  lastReachablePage,
  normalizeJobQuery,
  parseJobQuery,
  serializeJobQuery,
} from './job-query-url.js';
import { MAIN_CATEGORIES } from './main-categories.js';

describe('parseJobQuery', () => {
  it('reads the spec’s parameters and the extra filters', () => {
    expect(
      parseJobQuery(
        '?search=kock&mainCategory=V%C3%A5rd&city=Malm%C3%B6&extent=Heltid&form=Vikariat&titleOnly=true&page=3',
      ),
    ).toEqual({
      text: 'kock',
      mainCategory: 'Vård',
      city: 'Malmö',
      extent: 'Heltid',
      form: 'Vikariat',
      titleOnly: true,
      page: 3,
    });
  });

  it('drops blank values, unknown keys and impossible pages', () => {
    expect(parseJobQuery('search=%20%20&foo=bar&page=0')).toEqual({});
    expect(parseJobQuery('page=1')).toEqual({});
    expect(parseJobQuery('page=2.5&titleOnly=nej&page=abc')).toEqual({});
    expect(parseJobQuery('mainCategory=Bygg&limit=x')).toEqual({});
    expect(parseJobQuery('')).toEqual({});
  });

  it('trims and collapses what the visitor typed, and gives a main category its spelling', () => {
    expect(parseJobQuery('search=+l%C3%A4rare+%20+i++Lund+')).toEqual({ text: 'lärare i Lund' });
    expect(parseJobQuery('mainCategory=vard&titleOnly=1')).toEqual({ mainCategory: 'Vård', titleOnly: true });
  });

  it('keeps page and page size within what the index can serve', () => {
    expect(parseJobQuery('page=-3&limit=0')).toEqual({ pageSize: 1 });
    expect(parseJobQuery('page=1e9&limit=1e6')).toEqual({ page: 100, pageSize: JOB_MAX_PAGE_SIZE });
    expect(parseJobQuery('page=1000000000')).toEqual({ page: 500 });
    expect(parseJobQuery(`limit=${JOB_PAGE_SIZE}`)).toEqual({});
    expect(lastReachablePage()).toBe(500);
  });

  it('reads already-validated values (the API’s query object) the same way', () => {
    expect(parseJobQuery({ search: ' Göteborg ', titleOnly: true, page: 2, limit: 5, other: {} })).toEqual({
      text: 'Göteborg',
      titleOnly: true,
      page: 2,
      pageSize: 5,
    });
    expect(parseJobQuery({ titleOnly: false, page: undefined })).toEqual({});
    expect(parseJobQuery(new URLSearchParams({ city: 'Umeå' }))).toEqual({ city: 'Umeå' });
  });
});

describe('the filters published, experience, drivingLicence, remote and the sort', () => {
  it('reads each allowed value', () => {
    expect(
      parseJobQuery('published=7&experience=false&drivingLicence=false&remote=true&sort=deadline'),
    ).toEqual({
      published: 7,
      experience: false,
      drivingLicence: false,
      remote: true,
      sort: 'deadline',
    });
    for (const days of [1, 3, 7, 30]) expect(parseJobQuery(`published=${days}`)).toEqual({ published: days });
  });

  it('drops values outside the allowed sets (a link never fails)', () => {
    expect(parseJobQuery('published=2&published=31')).toEqual({});
    expect(parseJobQuery('published=7.0&published=-7')).toEqual({});
    // Only the one meaningful value: experience=true would mean nothing the portal filters on.
    expect(parseJobQuery('experience=true&drivingLicence=true&remote=false')).toEqual({});
    expect(parseJobQuery('experience=nej&remote=1&sort=distance&sort=Newest')).toEqual({});
  });

  it("leaves out a text's default order (relevance); keeps 'newest' without text, the list of every ad", () => {
    // /jobb alone is the browser's overview: /jobb?sort=newest is every ad, newest first.
    expect(parseJobQuery('sort=newest')).toEqual({ sort: 'newest' });
    expect(serializeJobQuery(parseJobQuery('sort=newest'))).toBe('sort=newest');
    expect(parseJobQuery('sort=relevance')).toEqual({ sort: 'relevance' });
    expect(parseJobQuery('search=kock&sort=relevance')).toEqual({ text: 'kock' });
    expect(parseJobQuery('search=kock&sort=newest')).toEqual({ text: 'kock', sort: 'newest' });
  });

  it('writes them after the facet filters and before the page', () => {
    expect(
      serializeJobQuery({
        page: 2,
        sort: 'deadline',
        remote: true,
        published: 3,
        experience: false,
        city: 'Lund',
      }),
    ).toBe('city=Lund&published=3&experience=false&remote=true&sort=deadline&page=2');
  });

  it('gives the API parameters typed as its schema types them', () => {
    expect(
      jobQueryApiParams({ text: 'kock', titleOnly: true, published: 30, experience: false, remote: true }),
    ).toStrictEqual({ search: 'kock', titleOnly: true, published: 30, experience: false, remote: true });
  });
});

describe('the distance: near, radiusKm and sort=distance', () => {
  it('reads a known place in its own spelling, ignoring case and å/ä/ö', () => {
    expect(parseJobQuery('near=malmo')).toEqual({ near: 'Malmö' });
    expect(parseJobQuery('near=%20G%C3%96TEBORG%20&radiusKm=50')).toEqual({ near: 'Göteborg', radiusKm: 50 });
    expect(parseJobQuery('near=upplands%20%20vasby')).toEqual({ near: 'Upplands Väsby' });
    // Both exist: the exact name decides, a folded one that fits both is no place.
    expect(parseJobQuery('near=H%C3%A5bo')).toEqual({ near: 'Håbo' });
    expect(parseJobQuery('near=habo')).toEqual({ near: 'Habo' });
  });

  it('reads a position rounded to 2 decimals (about 1 km), so one spot is one URL', () => {
    expect(parseJobQuery('near=57.70871,11.97456')).toEqual({ near: '57.71,11.97' });
    expect(parseJobQuery('near=57.7,%2011.9')).toEqual({ near: '57.70,11.90' });
    expect(parseJobQuery('near=-33.9,151.2')).toEqual({ near: '-33.90,151.20' });
    expect(serializeJobQuery({ near: '57.70871,11.97456' })).toBe('near=57.71%2C11.97');
  });

  it('drops an unknown place, a position off the globe and a radius outside 5–200', () => {
    expect(parseJobQuery('near=Atlantis&radiusKm=50')).toEqual({});
    expect(parseJobQuery('near=91,10')).toEqual({});
    expect(parseJobQuery('near=57,181')).toEqual({});
    for (const radius of ['4', '201', '12.5', 'tio', '-10', ''])
      expect(parseJobQuery(`near=Lund&radiusKm=${radius}`), radius).toEqual({ near: 'Lund' });
    expect(parseJobQuery('near=Lund&radiusKm=5')).toEqual({ near: 'Lund', radiusKm: 5 });
    expect(parseJobQuery('near=Lund&radiusKm=200')).toEqual({ near: 'Lund', radiusKm: 200 });
  });

  it('leaves out the default radius (30), and a radius or Närmast without a place', () => {
    expect(parseJobQuery('near=Lund&radiusKm=30')).toEqual({ near: 'Lund' });
    expect(parseJobQuery('radiusKm=50&sort=distance')).toEqual({});
    expect(parseJobQuery('near=Lund&sort=distance')).toEqual({ near: 'Lund', sort: 'distance' });
    expect(parseJobQuery('search=kock&near=Lund&sort=distance')).toEqual({
      text: 'kock',
      near: 'Lund',
      sort: 'distance',
    });
  });

  it('writes them after the yes/no filters and before the order', () => {
    expect(
      serializeJobQuery({ sort: 'distance', radiusKm: 10, near: 'Malmö', remote: true, city: 'Lund' }),
    ).toBe('city=Lund&remote=true&near=Malm%C3%B6&radiusKm=10&sort=distance');
    expect(jobQueryApiParams({ near: 'Malmö', radiusKm: 10 })).toStrictEqual({ near: 'Malmö', radiusKm: 10 });
  });
});

describe('serializeJobQuery', () => {
  it('writes parameters in a stable order and leaves out defaults', () => {
    expect(serializeJobQuery({ page: 1, city: 'Göteborg', text: 'sjuksköterska' })).toBe(
      'search=sjuksk%C3%B6terska&city=G%C3%B6teborg',
    );
    expect(serializeJobQuery({ titleOnly: false, pageSize: 5, page: 2, mainCategory: 'IT' })).toBe(
      'mainCategory=IT&page=2&limit=5',
    );
    expect(serializeJobQuery({})).toBe('');
  });

  it('encodes values as URI components: a space is %20, & and = stay inside the value', () => {
    expect(serializeJobQuery({ text: 'C# & .NET = kul' })).toBe('search=C%23%20%26%20.NET%20%3D%20kul');
    expect(parseJobQuery(serializeJobQuery({ text: 'C# & .NET = kul' }))).toEqual({
      text: 'C# & .NET = kul',
    });
  });

  it('never throws, even on a string no URL can hold', () => {
    expect(serializeJobQuery({ text: 'a\ud800b' })).toBe('search=a%EF%BF%BDb');
  });

  it('names each field’s parameter as the spec does', () => {
    expect(JOB_QUERY_PARAM_NAMES).toEqual({
      text: 'search',
      titleOnly: 'titleOnly',
      exact: 'exact',
      alsoMentions: 'alsoMentions',
      mainCategory: 'mainCategory',
      occupationFields: 'field',
      regions: 'region',
      municipalities: 'municipality',
      city: 'city',
      extent: 'extent',
      form: 'form',
      published: 'published',
      experience: 'experience',
      drivingLicence: 'drivingLicence',
      remote: 'remote',
      near: 'near',
      radiusKm: 'radiusKm',
      sort: 'sort',
      page: 'page',
      pageSize: 'limit',
    });
  });
});

/** A small seeded generator, so a failure can be replayed (the seed is in the test name). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}

// Letters a person might type and characters a URL treats specially.
const WORD_CHARS = [...'abcxyzåäöÅÄÖéüß0123456789&=+%#?/\\"\'<>;:,.-_~!*()[]{}', '👍', 'e\u0301', 'ﬁ'];
const ANY_CHARS = [...WORD_CHARS, ' ', '  ', '\t', '\n', '\u00a0', '\ud800', '\udc00', ''];

type Random = ReturnType<typeof random>;
const word = (r: Random) => Array.from({ length: r.int(1, 6) }, () => r.pick(WORD_CHARS)).join('');
/** Canonical text: words of non-blank characters, one space between them. */
const words = (r: Random) => Array.from({ length: r.int(1, 4) }, () => word(r)).join(' ');
const junk = (r: Random) => Array.from({ length: r.int(0, 8) }, () => r.pick(ANY_CHARS)).join('');

function canonicalQuery(r: Random): JobQuery {
  const query: JobQuery = {};
  if (r.chance(0.6)) query.text = words(r);
  if (r.chance(0.4)) query.titleOnly = true;
  if (r.chance(0.4)) query.mainCategory = r.pick(MAIN_CATEGORIES);
  if (r.chance(0.4)) query.city = words(r);
  // Repeatable filters: known values in their list's order, places unique in Swedish order.
  if (r.chance(0.3)) query.occupationFields = OCCUPATION_FIELDS.filter(() => r.chance(0.2));
  if (r.chance(0.3)) query.regions = REGIONS.filter(() => r.chance(0.2));
  if (r.chance(0.3)) {
    const places = [...new Set(Array.from({ length: r.int(1, 4) }, () => words(r)))];
    query.municipalities = places.sort(new Intl.Collator('sv').compare);
  }
  for (const name of ['occupationFields', 'regions'] as const) {
    const values = query[name];
    if (values !== undefined && (values.length === 0 || values.length > MAX_FILTER_VALUES))
      delete query[name];
  }
  if (r.chance(0.3)) query.extent = words(r);
  if (r.chance(0.3)) query.form = words(r);
  if (r.chance(0.3)) query.published = r.pick(PUBLISHED_WITHIN_DAYS);
  if (r.chance(0.3)) query.experience = false;
  if (r.chance(0.3)) query.drivingLicence = false;
  if (r.chance(0.3)) query.remote = true;
  if (r.chance(0.3)) {
    query.near = r.chance(0.5) ? r.pick(['Malmö', 'Göteborg', 'Upplands Väsby', 'Salem']) : '59.33,-18.07';
    const radius = r.int(MIN_RADIUS_KM, MAX_RADIUS_KM);
    if (r.chance(0.5) && radius !== DEFAULT_RADIUS_KM) query.radiusKm = radius;
  }
  if (r.chance(0.4)) {
    const sort = r.pick(JOB_SORTS);
    if (sort !== defaultJobSort(query) && (sort !== 'distance' || query.near)) query.sort = sort;
  }
  if (r.chance(0.3)) {
    const size = r.int(1, JOB_MAX_PAGE_SIZE);
    if (size !== JOB_PAGE_SIZE) query.pageSize = size;
  }
  if (r.chance(0.5)) query.page = r.int(2, lastReachablePage(query.pageSize));
  return query;
}

const JUNK_NAMES = [...Object.values(JOB_QUERY_PARAM_NAMES), 'sort', 'Search', ''];
const JUNK_VALUES = [
  ...['0', '1', '-3', '2.5', '1e9', 'true', 'false', 'IT', 'vård', 'Kundservice', ' 7 ', '30', '31'],
  ...['relevance', 'newest', 'deadline', 'distance', 'Newest'],
  ...['Malmö', 'malmo', 'Atlantis', '57.708,11.974', '95,1', '5', '200', '201'],
  ...['Transport', 'data/it', 'Skåne län', 'skane lan', 'Göteborg'],
];

describe('Yrkesområde, län and places picked several at once', () => {
  it('leaves a single city exactly as before', () => {
    expect(parseJobQuery('city=G%C3%B6teborg')).toStrictEqual({ city: 'Göteborg' });
    expect(serializeJobQuery({ city: 'Göteborg' })).toBe('city=G%C3%B6teborg');
    expect(jobConditionExpressions({ city: 'Göteborg' })).toEqual([]);
  });

  it('reads repeated values in one canonical order and spelling, unknown fields and län dropped', () => {
    const query = parseJobQuery(
      'region=sk%C3%A5ne+l%C3%A4n&region=Stockholms%20l%C3%A4n&region=Atlantis&region=Stockholms%20l%C3%A4n' +
        '&field=transport&field=Data%2FIT&field=Astrologi&municipality=%C3%96rebro&municipality=Alings%C3%A5s',
    );
    expect(query).toStrictEqual({
      occupationFields: ['Data/IT', 'Transport'],
      regions: ['Stockholms län', 'Skåne län'],
      municipalities: ['Alingsås', 'Örebro'],
    });
    expect(serializeJobQuery(query)).toBe(
      'field=Data%2FIT&field=Transport&region=Stockholms%20l%C3%A4n&region=Sk%C3%A5ne%20l%C3%A4n' +
        '&municipality=Alings%C3%A5s&municipality=%C3%96rebro',
    );
    // A saved search stores the API's form: the lists as lists, which read back the same.
    const params = jobQueryApiParams(query);
    expect(params).toStrictEqual({
      field: ['Data/IT', 'Transport'],
      region: ['Stockholms län', 'Skåne län'],
      municipality: ['Alingsås', 'Örebro'],
    });
    expect(parseJobQuery(params)).toStrictEqual(query);
  });

  it('keeps at most MAX_FILTER_VALUES of a kind', () => {
    const url = REGIONS.map((region) => `region=${encodeURIComponent(region)}`).join('&');
    expect(parseJobQuery(url).regions).toStrictEqual(REGIONS.slice(0, MAX_FILTER_VALUES));
  });

  it('means any of the fields, and any of the län or places, all other criteria still holding', () => {
    expect(
      jobConditionExpressions({
        occupationFields: ['Transport'],
        regions: ['Skåne län', 'Hallands län'],
        municipalities: ['Göteborg'],
        remote: true,
      }),
    ).toEqual([
      'occupationField IN ["Transport"]',
      '(region IN ["Skåne län", "Hallands län"] OR location IN ["Göteborg"])',
      'remote = true',
    ]);
    expect(jobConditionExpressions({ regions: ['Skåne län'] })).toEqual(['region IN ["Skåne län"]']);
  });
});

describe('round trip (property)', () => {
  const SEED = 20_250_115;

  it(`parse(serialize(q)) is q for every canonical query (seed ${SEED}, 2,000 queries)`, () => {
    const r = random(SEED);
    for (let run = 0; run < 2_000; run++) {
      const query = canonicalQuery(r);
      const url = serializeJobQuery(query);
      expect(parseJobQuery(url), url).toStrictEqual(query);
      expect(parseJobQuery(`?${url}`), url).toStrictEqual(query);
      expect(parseJobQuery(new URLSearchParams(url)), url).toStrictEqual(query);
    }
  });

  it(`whatever a URL holds, what it reads as is canonical (seed ${SEED + 1}, 2,000 URLs)`, () => {
    const r = random(SEED + 1);
    for (let run = 0; run < 2_000; run++) {
      const pairs = Array.from({ length: r.int(0, 10) }, (): [string, string] => [
        r.pick(JUNK_NAMES),
        r.chance(0.3) ? r.pick(JUNK_VALUES) : junk(r),
      ]);
      const url = new URLSearchParams(pairs).toString();
      const query = parseJobQuery(url);
      expect(normalizeJobQuery(query), url).toStrictEqual(query);
      expect(serializeJobQuery(parseJobQuery(serializeJobQuery(query))), url).toBe(serializeJobQuery(query));
      // A record of the same values (the API's validated query: a repeated parameter is a list)
      // means the same search.
      const params = new URLSearchParams(url);
      const record = Object.fromEntries(
        [...new Set(params.keys())].map((name) => {
          const values = params.getAll(name);
          return [name, values.length > 1 ? values : values[0]];
        }),
      );
      expect(parseJobQuery(record), url).toStrictEqual(query);
    }
  });
});
