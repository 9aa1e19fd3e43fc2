import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { JOB_MAX_PAGE_SIZE, MAX_FILTER_VALUES, MAX_RADIUS_KM, MIN_RADIUS_KM } from '@jobbportalen/contracts';
import { JobQueryParams } from '@jobbportalen/contracts/api/job-query-params';
import { QueryInterpretationAnswer } from '@jobbportalen/contracts/api/job-query-help';
import { ApiJob } from '../../http/job-response.js';
import type { FieldMessages } from '../../http/validation.js';
import { UNKNOWN_PLACE_MESSAGE } from './distance-params.js';

export const LATEST_DEFAULT = 10;
export const SUGGESTIONS_MAX = 8;

/** /api/jobs's query string: a JobQuery's URL form, defined with the JobQuery in contracts. */
export const JobsQuery = JobQueryParams;
export type JobsQuery = Static<typeof JobsQuery>;

/** What a client sent wrong in the search, in Swedish; other fields get the general message. */
/** A repeatable filter: too many values, or a value too long to be a name. */
const tooMany = (what: string) => ({
  default: `Välj högst ${MAX_FILTER_VALUES} ${what} åt gången.`,
  maxLength: `Namnen på ${what} får vara högst 100 tecken.`,
});

export const jobsQueryMessages: FieldMessages = {
  field: tooMany('yrkesområden'),
  region: tooMany('län'),
  municipality: tooMany('orter'),
  published: { default: 'Publicerad kan bara vara 1, 3, 7 eller 30 (dagar).' },
  experience: { default: 'Erfarenhet filtreras bara med experience=false (ingen erfarenhet krävs).' },
  drivingLicence: { default: 'Körkort filtreras bara med drivingLicence=false (inget körkort krävs).' },
  remote: { default: 'Distansarbete filtreras bara med remote=true.' },
  sort: {
    default:
      'Sortera med relevance (mest relevant), newest (nyast), deadline (sista ansökningsdag) eller distance (närmast).',
  },
  near: { default: UNKNOWN_PLACE_MESSAGE },
  radiusKm: {
    default: `Avståndet (radiusKm) ska vara ett heltal mellan ${MIN_RADIUS_KM} och ${MAX_RADIUS_KM} km.`,
  },
};

const nullableText = Type.Union([Type.String(), Type.Null()]);
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A job of a result page: with a place (`near`), also how far away it is. */
const ListedJob = Type.Object({
  ...ApiJob.properties,
  distanceKm: Type.Optional(
    Type.Number({ description: 'Avstånd i km från near (en decimal), bara med near' }),
  ),
});

export const JobsPage = Type.Object({
  jobs: Type.Array(ListedJob, {
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
      field: Type.Array(Type.String(), { description: 'Valda yrkesområden (tom: alla)' }),
      region: Type.Array(Type.String(), { description: 'Valda län (tom: alla)' }),
      municipality: Type.Array(Type.String(), { description: 'Valda orter utöver län (tom: inga)' }),
      city: nullableText,
      extent: nullableText,
      form: nullableText,
      published: nullable(Type.Integer({ description: 'Publicerad senaste N dagarna' })),
      experience: nullable(Type.Boolean({ description: 'false: bara jobb utan krav på erfarenhet' })),
      drivingLicence: nullable(Type.Boolean({ description: 'false: bara jobb utan krav på körkort' })),
      remote: nullable(Type.Boolean({ description: 'true: bara distansarbete' })),
      near: nullable(
        Type.String({ description: 'Ort eller kommun (stavad som vi stavar den) eller lat,lng' }),
      ),
      radiusKm: nullable(
        Type.Integer({ description: 'Avstånd från near i km (30 om inget angavs); null utan near' }),
      ),
      sort: nullable(Type.String({ description: 'Vald sortering; null är standardordningen' })),
    },
    { description: 'Filtren som användes (en sökning på en stad eller kategori blir filter)' },
  ),
  interpretation: QueryInterpretationAnswer,
});
export type JobsPage = Static<typeof JobsPage>;

// The counts beside the filters, defined in contracts (the browser reads the same type).
export { FilterCounts } from '@jobbportalen/contracts/api/filter-counts';

export const JobIdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });

export const LatestQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ description: `Antal, ${LATEST_DEFAULT} om inget anges, högst ${JOB_MAX_PAGE_SIZE}` }),
  ),
});

// The start page's figures, defined with the job in contracts (the browser reads the same type).
export { JobStats } from '@jobbportalen/contracts/api/job';

export const StringList = Type.Array(Type.String());

export const CountEntries = Type.Array(Type.Object({ _id: Type.String(), count: Type.Integer() }));

export const SuggestionsQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) });

export const GoneJob = Type.Object(
  { code: Type.Literal('GONE'), message: Type.String(), error: Type.String(), job: ApiJob },
  { description: 'Annonsen är borttagen' },
);
