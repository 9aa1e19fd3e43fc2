import { canonicalNear } from '@jobbportalen/contracts';
import { badRequest } from '../../errors.js';
import type { JobsQuery } from './jobs.schemas.js';

export const UNKNOWN_PLACE_MESSAGE =
  'Okänd plats i near: ange en ort eller kommun (t.ex. Malmö) eller en position som lat,lng (t.ex. 57.71,11.97).';
export const DISTANCE_SORT_MESSAGE =
  'Sortering på avstånd (sort=distance) kräver en ort eller position i near.';

const refused = (message: string, field: string, rule: string) =>
  badRequest(message, { details: { context: 'querystring', field, rule } });

/**
 * What the schema cannot judge about the distance, refused as its other 400s are: a place the
 * search does not know (a link would drop it silently; a program should hear it) and 'Närmast'
 * without a place.
 */
export function assertDistanceParams(params: Pick<JobsQuery, 'near' | 'sort'>): void {
  // Blank is not set, as for the other text parameters.
  const given = params.near?.trim() ? params.near : undefined;
  const near = given === undefined ? undefined : canonicalNear(given);
  if (given !== undefined && near === undefined) throw refused(UNKNOWN_PLACE_MESSAGE, 'near', 'place');
  if (params.sort === 'distance' && near === undefined) throw refused(DISTANCE_SORT_MESSAGE, 'sort', 'near');
}
