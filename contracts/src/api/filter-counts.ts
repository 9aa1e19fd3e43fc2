import { Type, type Static } from 'typebox';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

/**
 * GET /api/jobs/filter-counts: for each choice of 'Publicerad', 'Ingen erfarenhet krävs', 'Inget
 * körkort krävs', 'Distansarbete' and, with a place, the radius of 'Avstånd', how many ads the
 * search would show with that choice made (a 'Publicerad' or radius choice replaces the current
 * one; a yes/no already chosen counts the hits shown). For 'Yrkesområde', 'Län' and the places,
 * which are picked several at once, each value's ads among the search without that choice.
 */
export const FilterCounts = Type.Object(
  {
    published: Type.Object(
      {
        1: Count('Publicerad senaste dygnet'),
        3: Count('Publicerad senaste 3 dagarna'),
        7: Count('Publicerad senaste veckan'),
        30: Count('Publicerad senaste månaden'),
      },
      { description: 'Antal träffar per publiceringsval' },
    ),
    experience: Count('Antal träffar med Ingen erfarenhet krävs'),
    drivingLicence: Count('Antal träffar med Inget körkort krävs'),
    remote: Count('Antal träffar med Distansarbete'),
    occupationFields: Type.Record(Type.String(), Count('Antal träffar i yrkesområdet'), {
      description:
        'Antal träffar per yrkesområde (varje yrkesområde i taxonomin), räknat utan sökningens val av yrkesområde',
    }),
    regions: Type.Record(Type.String(), Count('Antal träffar i länet'), {
      description: 'Antal träffar per län (alla 21), räknat utan sökningens val av län och orter',
    }),
    places: Type.Array(
      Type.Object({
        name: Type.String({ description: 'Orten, som city och municipality skriver den' }),
        region: Type.String({ description: 'Länet orten ligger i' }),
        count: Count('Antal träffar på orten'),
      }),
      {
        description:
          'Orterna med träffar (och de valda), med sitt län, räknat utan sökningens val av län och orter; i svensk ordning',
      },
    ),
    radiusKm: Type.Union(
      [
        Type.Object({
          5: Count('Inom 5 km'),
          10: Count('Inom 10 km'),
          20: Count('Inom 20 km'),
          30: Count('Inom 30 km'),
          50: Count('Inom 50 km'),
          100: Count('Inom 100 km'),
          200: Count('Inom 200 km'),
        }),
        Type.Null(),
      ],
      { description: 'Antal träffar per avstånd från near; null utan near' },
    ),
  },
  { description: 'Antal jobb för sökningen om valet görs (varje val räknat för sig)' },
);
export type FilterCounts = Static<typeof FilterCounts>;
