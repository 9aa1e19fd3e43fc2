import type { JobQuery } from './job-query.js';
import { findKnown } from './known-name.js';
import { EXTRA_PLACE_COORDINATES, MUNICIPALITY_COORDINATES } from './near-places.js';

/** A point on the map, in degrees. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The radius a search with `near` has when it names none ('inom 30 km'). */
export const DEFAULT_RADIUS_KM = 30;
export const MIN_RADIUS_KM = 5;
export const MAX_RADIUS_KM = 200;
/** The radii the job browser offers. */
export const RADIUS_CHOICES_KM = [5, 10, 20, 30, 50, 100, 200] as const;

// The table is read on first use: most pages never search by distance.
let places: ReadonlyMap<string, GeoPoint> | undefined;

function placeTable(): ReadonlyMap<string, GeoPoint> {
  if (places) return places;
  const table = new Map<string, GeoPoint>();
  for (const line of `${MUNICIPALITY_COORDINATES}\n${EXTRA_PLACE_COORDINATES}`.split('\n')) {
    const [name, coordinates] = line.split(':');
    if (!name || !coordinates) continue;
    const [lat, lng] = coordinates.split(',').map(Number);
    table.set(name, { lat: lat!, lng: lng! });
  }
  places = table;
  return table;
}

let names: readonly string[] | undefined;

/** The names `near=` knows (every municipality), in the taxonomy's order. */
export const nearPlaceNames = (): readonly string[] => (names ??= [...placeTable().keys()]);

/** A known place's canonical name, matched ignoring case and å/ä/ö ('goteborg' is Göteborg). */
export const findNearPlace = (text: string): string | null => findKnown(text.trim(), nearPlaceNames());

// 'lat,lng' as 'Nära mig' writes it; a person may type spaces after the comma.
const COORDINATES = /^(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/;

/**
 * Coordinates rounded to 2 decimals (about 1 km): a seeker's position is never kept or sent more
 * precisely than that, and the same spot is one URL.
 */
export const roundedCoordinates = ({ lat, lng }: GeoPoint): string => `${lat.toFixed(2)},${lng.toFixed(2)}`;

/**
 * A `near` value in its canonical form — a known place's name, or rounded coordinates — or
 * undefined when it is neither (an unknown place, coordinates off the globe).
 */
export function canonicalNear(raw: string): string | undefined {
  const text = raw.replace(/\s+/g, ' ').trim();
  const match = COORDINATES.exec(text);
  if (match) {
    const lat = Number(match[1]);
    const lng = Number(match[2]);
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
    return roundedCoordinates({ lat, lng });
  }
  return text === '' ? undefined : (findNearPlace(text) ?? undefined);
}

/** Whether a canonical `near` is a position ('Nära mig') rather than a named place. */
export const isNearPosition = (near: string): boolean => COORDINATES.test(near);

/** The point a canonical `near` stands for, or null when it stands for none. */
export function nearPoint(near: string | undefined): GeoPoint | null {
  if (near === undefined) return null;
  const match = COORDINATES.exec(near);
  if (match) return { lat: Number(match[1]), lng: Number(match[2]) };
  return placeTable().get(near) ?? null;
}

/** The radius of a search, in km: its own, else DEFAULT_RADIUS_KM. */
export const radiusKmOf = (query: Pick<JobQuery, 'radiusKm'>): number => query.radiusKm ?? DEFAULT_RADIUS_KM;

/**
 * The Meilisearch condition of a search's distance (within radiusKm of near), or undefined
 * without a place. The browser's InstantSearch state and the server's compileJobQuery both get
 * it through jobConditionExpressions.
 */
export function distanceExpression(query: Pick<JobQuery, 'near' | 'radiusKm'>): string | undefined {
  const point = nearPoint(query.near);
  if (point === null) return undefined;
  return `_geoRadius(${point.lat}, ${point.lng}, ${radiusKmOf(query) * 1000})`;
}

/** The Meilisearch sort rule of 'Närmast' (nearest first), or undefined without a place. */
export function nearestFirstRule(query: Pick<JobQuery, 'near'>): string | undefined {
  const point = nearPoint(query.near);
  return point === null ? undefined : `_geoPoint(${point.lat},${point.lng}):asc`;
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine, as Meilisearch computes `_geoDistance`). */
export function distanceKmBetween(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How far a hit is from a search's place, in km with one decimal, or undefined without a place
 * or coordinates. Meilisearch's own `_geoDistance` (metres, given when sorting by `_geoPoint`)
 * when the hit has it, else computed from the hit's `_geo`, so every search with `near` has it.
 */
export function hitDistanceKm(
  hit: { _geoDistance?: number | undefined; _geo?: GeoPoint | null | undefined },
  query: Pick<JobQuery, 'near'>,
): number | undefined {
  const point = nearPoint(query.near);
  if (point === null) return undefined;
  const km =
    typeof hit._geoDistance === 'number'
      ? hit._geoDistance / 1000
      : hit._geo
        ? distanceKmBetween(point, hit._geo)
        : undefined;
  return km === undefined ? undefined : Math.round(km * 10) / 10;
}
