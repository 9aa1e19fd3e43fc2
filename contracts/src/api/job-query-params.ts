import { Type, type Static } from 'typebox';
import { PUBLISHED_WITHIN_DAYS, type PublishedWithinDays } from '../job-query-conditions.js';
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM, MIN_RADIUS_KM } from '../job-query-distance.js';
import { MAX_FILTER_VALUES } from '../job-areas.js';
import { JOB_MAX_PAGE_SIZE, JOB_PAGE_SIZE, JOB_SORTS } from '../job-query.js';
import { MAIN_CATEGORIES, type MainCategory } from '../main-categories.js';

const text = (maxLength: number, description: string) => Type.String({ maxLength, description });

/** A parameter that may repeat ('region=Skåne län&region=Hallands län'); one value is a list of one. */
const repeated = (description: string) =>
  Type.Array(Type.String({ maxLength: 100 }), { maxItems: MAX_FILTER_VALUES, description });

/**
 * The query string of /api/jobs: a JobQuery's URL form (parseJobQuery gives its meaning), with
 * the limits the API refuses beyond. Not exported from the package index: the browser reads URLs
 * with parseJobQuery and needs no schema library in its bundle.
 */
export const JobQueryParams = Type.Object({
  search: Type.Optional(
    text(
      200,
      'Fritext; en ort eller huvudkategori (skiftläge och å/ä/ö spelar ingen roll) blir ett filter, och text som ' +
        'lärarjobb malmö tolkas som lärare i Malmö (se interpretation; exact=true söker exakt)',
    ),
  ),
  // Unsafe only types it: TypeBox types a union built from a mapped list as never.
  mainCategory: Type.Optional(
    Type.Unsafe<MainCategory>(
      Type.Union(
        MAIN_CATEGORIES.map((category) => Type.Literal(category)),
        { description: 'En av huvudkategorierna' },
      ),
    ),
  ),
  field: Type.Optional(
    repeated('Yrkesområde (taxonomins yrkesområde, t.ex. Transport); flera ger jobb inom något av dem'),
  ),
  region: Type.Optional(
    repeated('Län (t.ex. Skåne län); flera, och municipality, ger jobb på någon av platserna'),
  ),
  municipality: Type.Optional(
    repeated('Ort (som city); flera ger jobb på någon av orterna, och i valda län'),
  ),
  city: Type.Optional(text(100, 'Ort (normaliserad), t.ex. Göteborg eller Distans')),
  extent: Type.Optional(text(100, 'Omfattning: Heltid eller Deltid')),
  form: Type.Optional(text(200, 'Anställningsform')),
  // One integer schema with an enum (not a union of literals): the query string's text is then
  // coerced to a number before it is compared.
  published: Type.Optional(
    Type.Unsafe<PublishedWithinDays>({
      type: 'integer',
      enum: [...PUBLISHED_WITHIN_DAYS],
      description: 'Publicerad senaste 1, 3, 7 eller 30 dagarna',
    }),
  ),
  experience: Type.Optional(Type.Literal(false, { description: 'false: bara jobb utan krav på erfarenhet' })),
  drivingLicence: Type.Optional(
    Type.Literal(false, { description: 'false: bara jobb utan krav på körkort' }),
  ),
  remote: Type.Optional(Type.Literal(true, { description: 'true: bara distansarbete' })),
  // Whether the place is known is the search's own rule (canonicalNear), checked by the service.
  near: Type.Optional(
    text(100, 'Sök runt en ort eller kommun (t.ex. Malmö) eller en position lat,lng (t.ex. 57.71,11.97)'),
  ),
  radiusKm: Type.Optional(
    Type.Integer({
      minimum: MIN_RADIUS_KM,
      maximum: MAX_RADIUS_KM,
      description: `Avstånd från near i km, ${MIN_RADIUS_KM}–${MAX_RADIUS_KM}, ${DEFAULT_RADIUS_KM} om inget anges`,
    }),
  ),
  sort: Type.Optional(
    Type.Union(
      JOB_SORTS.map((sort) => Type.Literal(sort)),
      {
        description:
          'relevance (standard med söktext), newest (standard utan), deadline eller distance (närmast, kräver near)',
      },
    ),
  ),
  titleOnly: Type.Optional(Type.Boolean({ description: 'Sök endast i titel' })),
  exact: Type.Optional(
    Type.Literal(true, { description: 'true: sök exakt på söktexten, utan tolkning (lärarjobb → lärare)' }),
  ),
  alsoMentions: Type.Optional(
    Type.Literal(true, {
      description:
        'true: yrkesord i söktexten hittar även annonser som nämner yrket i texten (utan: bara annonser för yrket)',
    }),
  ),
  // Integers of any size: out-of-range pages and sizes are clamped rather than refused.
  page: Type.Optional(Type.Integer({ description: 'Sida, från 1 (begränsas till sista nåbara sidan)' })),
  limit: Type.Optional(
    Type.Integer({
      description: `Jobb per sida, ${JOB_PAGE_SIZE} om inget anges, högst ${JOB_MAX_PAGE_SIZE}`,
    }),
  ),
});
export type JobQueryParams = Static<typeof JobQueryParams>;
