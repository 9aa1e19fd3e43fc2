import { Type, type Static } from '@fastify/type-provider-typebox';
import { MAIN_CATEGORIES } from '@jobbportalen/contracts';
import { ApiJob } from './job-mapper.js';

/** Page size of the job browser (spec §9) and the most a client may ask for at once. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const LATEST_DEFAULT = 10;
export const SUGGESTIONS_MAX = 8;

const text = (maxLength: number, description: string) => Type.String({ maxLength, description });

export const JobsQuery = Type.Object({
  search: Type.Optional(text(200, 'Fritext; en stad eller huvudkategori som skrivs exakt blir ett filter')),
  mainCategory: Type.Optional(
    Type.Union(
      MAIN_CATEGORIES.map((category) => Type.Literal(category)),
      { description: 'En av huvudkategorierna' },
    ),
  ),
  city: Type.Optional(text(100, 'Ort (normaliserad), t.ex. Göteborg eller Distans')),
  extent: Type.Optional(text(100, 'Omfattning: Heltid eller Deltid')),
  form: Type.Optional(text(200, 'Anställningsform')),
  titleOnly: Type.Optional(Type.Boolean({ description: 'Sök endast i titel' })),
  // Integers of any size: out-of-range pages and sizes are clamped rather than refused.
  page: Type.Optional(Type.Integer({ description: 'Sida, från 1 (begränsas till sista nåbara sidan)' })),
  limit: Type.Optional(
    Type.Integer({ description: `Jobb per sida, ${PAGE_SIZE} om inget anges, högst ${MAX_PAGE_SIZE}` }),
  ),
});
export type JobsQuery = Static<typeof JobsQuery>;

const nullableText = Type.Union([Type.String(), Type.Null()]);

export const JobsPage = Type.Object({
  jobs: Type.Array(ApiJob, {
    description:
      'I listor är description ett utdrag och descriptionHtml tom; hela annonsen ges av /api/jobs/{id}',
  }),
  totalHits: Type.Integer({ description: 'Antal träffar' }),
  totalPages: Type.Integer({ description: 'Antal sidor som går att bläddra till' }),
  page: Type.Integer(),
  limit: Type.Integer(),
  appliedFilters: Type.Object(
    {
      search: nullableText,
      mainCategory: nullableText,
      city: nullableText,
      extent: nullableText,
      form: nullableText,
    },
    { description: 'Filtren som användes (en sökning på en stad eller kategori blir filter)' },
  ),
});
export type JobsPage = Static<typeof JobsPage>;

export const JobIdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });

export const LatestQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ description: `Antal, ${LATEST_DEFAULT} om inget anges, högst ${MAX_PAGE_SIZE}` }),
  ),
});

export const JobStats = Type.Object({
  totalJobs: Type.Integer({ description: 'Annonser just nu' }),
  totalVacancies: Type.Integer({ description: 'Lediga tjänster i dem' }),
});

export const StringList = Type.Array(Type.String());

export const CountEntries = Type.Array(Type.Object({ _id: Type.String(), count: Type.Integer() }));

export const SuggestionsQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) });

export const GoneJob = Type.Object(
  { code: Type.Literal('GONE'), message: Type.String(), error: Type.String(), job: ApiJob },
  { description: 'Annonsen är borttagen' },
);
