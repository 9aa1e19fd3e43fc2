import { Type, type Static } from '@fastify/type-provider-typebox';

/**
 * What the browser may send through the proxy: exactly the search parameters
 * @meilisearch/instant-meilisearch 0.31.3 produces (adaptSearchParams), each with a cap. Anything
 * else — `federation`, `hybrid`, `vector`, `locales`, `showRankingScoreDetails`, a typo — is
 * refused, so the key we add can never be used for more than a capped search of the jobs index.
 */
export const LIMITS = {
  queriesPerRequest: 10,
  queryLength: 200,
  hitsPerPage: 100,
  // instant-meilisearch's infinite pagination asks for hitsPerPage + 1 hits to learn whether a
  // next page exists.
  limit: 101,
  offset: 10_000,
  page: 10_000,
  filterLength: 2_000,
  filterConditions: 50,
  attributes: 50,
  attributeName: 100,
} as const;

const attributeList = Type.Array(Type.String({ maxLength: LIMITS.attributeName }), {
  maxItems: LIMITS.attributes,
});
const filterExpression = Type.String({ maxLength: LIMITS.filterLength });

// A filter is a string, or an array whose items are strings (AND) or arrays of strings (OR).
// Its total size and number of conditions are checked in search-filter.ts.
export const SearchFilter = Type.Union([
  filterExpression,
  Type.Array(
    Type.Union([filterExpression, Type.Array(filterExpression, { maxItems: LIMITS.filterConditions })]),
    {
      maxItems: LIMITS.filterConditions,
    },
  ),
]);

const searchParameters = {
  q: Type.Optional(Type.Union([Type.String({ maxLength: LIMITS.queryLength }), Type.Null()])),
  filter: Type.Optional(SearchFilter),
  facets: Type.Optional(attributeList),
  attributesToRetrieve: Type.Optional(attributeList),
  attributesToHighlight: Type.Optional(attributeList),
  attributesToCrop: Type.Optional(attributeList),
  attributesToSearchOn: Type.Optional(Type.Union([attributeList, Type.Null()])),
  cropLength: Type.Optional(Type.Integer({ minimum: 0, maximum: 200 })),
  cropMarker: Type.Optional(Type.String({ maxLength: 20 })),
  highlightPreTag: Type.Optional(Type.String({ maxLength: 50 })),
  highlightPostTag: Type.Optional(Type.String({ maxLength: 50 })),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.limit })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.offset })),
  hitsPerPage: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.hitsPerPage })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.page })),
  sort: Type.Optional(Type.Array(Type.String({ maxLength: LIMITS.attributeName }), { maxItems: 5 })),
  showMatchesPosition: Type.Optional(Type.Boolean()),
  showRankingScore: Type.Optional(Type.Boolean()),
  matchingStrategy: Type.Optional(
    Type.Union([Type.Literal('last'), Type.Literal('all'), Type.Literal('frequency')]),
  ),
  distinct: Type.Optional(Type.String({ maxLength: LIMITS.attributeName })),
  rankingScoreThreshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
};

export const MultiSearchQuery = Type.Object(
  { indexUid: Type.String({ maxLength: 100 }), ...searchParameters },
  { additionalProperties: false },
);
export type MultiSearchQuery = Static<typeof MultiSearchQuery>;

export const MultiSearchBody = Type.Object(
  {
    queries: Type.Array(MultiSearchQuery, { minItems: 1, maxItems: LIMITS.queriesPerRequest }),
  },
  { additionalProperties: false },
);
export type MultiSearchBody = Static<typeof MultiSearchBody>;

/** instant-meilisearch sends its whole search context plus facetName and facetQuery. */
export const FacetSearchBody = Type.Object(
  {
    facetName: Type.String({ minLength: 1, maxLength: LIMITS.attributeName }),
    facetQuery: Type.Optional(Type.Union([Type.String({ maxLength: LIMITS.queryLength }), Type.Null()])),
    ...searchParameters,
  },
  { additionalProperties: false },
);
export type FacetSearchBody = Static<typeof FacetSearchBody>;

/** The parameters Meilisearch's facet search uses; the rest of what the client sends is dropped. */
export const FACET_SEARCH_FORWARDED = [
  'facetName',
  'facetQuery',
  'q',
  'filter',
  'matchingStrategy',
  'attributesToSearchOn',
  'rankingScoreThreshold',
] as const satisfies readonly (keyof FacetSearchBody)[];

export const FacetSearchParams = Type.Object({ uid: Type.String({ maxLength: 100 }) });

// Answers pass through from Meilisearch unchanged; these shapes are for the OpenAPI document.
const passThrough = { additionalProperties: true } as const;
export const MultiSearchResponse = Type.Object(
  {
    results: Type.Array(
      Type.Object({ indexUid: Type.String(), hits: Type.Array(Type.Object({}, passThrough)) }, passThrough),
    ),
  },
  { ...passThrough, description: 'Meilisearchs svar på /multi-search, oförändrat' },
);
export const FacetSearchResponse = Type.Object(
  {
    facetHits: Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() })),
    facetQuery: Type.Union([Type.String(), Type.Null()]),
    processingTimeMs: Type.Integer(),
  },
  { ...passThrough, description: 'Meilisearchs svar på /facet-search, oförändrat' },
);
