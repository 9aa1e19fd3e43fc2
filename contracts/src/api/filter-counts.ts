import { Type, type Static } from 'typebox';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

/**
 * GET /api/jobs/filter-counts: for each choice of 'Publicerad', 'Ingen erfarenhet krävs', 'Inget
 * körkort krävs' and 'Distansarbete', how many ads the search would show with that choice made
 * (a 'Publicerad' choice replaces the current one; a yes/no already chosen counts the hits shown).
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
  },
  { description: 'Antal jobb för sökningen om valet görs (varje val räknat för sig)' },
);
export type FilterCounts = Static<typeof FilterCounts>;
