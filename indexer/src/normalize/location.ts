import {
  municipalityByCode,
  municipalityById,
  municipalityByName,
  regionById,
  regions,
  type Municipality,
} from '@jobbportalen/lexicon/taxonomy';
import { REMOTE_LOCATION } from '@jobbportalen/contracts';
import { field, objectField, readNumber, readText, type FeedObject } from './feed-values.js';

export interface NormalizedPlace {
  /** Clean municipality (or city / region) name, or 'Distans' for remote ads. */
  location: string | null;
  municipality: string | null;
  municipalityCode: string | null;
  region: string | null;
  lat: number | null;
  lng: number | null;
}

/** 'STOCKHOLM' → 'Stockholm', 'UPPLANDS-BRO' → 'Upplands-Bro'; mixed case is left as the feed wrote it. */
export function tidyPlaceName(value: unknown): string | null {
  const text = readText(value);
  if (text === null) return null;
  const isOneCase = text === text.toLocaleUpperCase('sv-SE') || text === text.toLocaleLowerCase('sv-SE');
  if (!isOneCase) return text;
  return text
    .toLocaleLowerCase('sv-SE')
    .replace(
      /(^|[\s-])(\p{L})/gu,
      (_match, start: string, letter: string) => start + letter.toLocaleUpperCase('sv-SE'),
    );
}

function municipalityCode(value: unknown): string | null {
  // A number loses the leading zero: 180 is Stockholm's 0180.
  const text = typeof value === 'number' ? String(value).padStart(4, '0') : readText(value);
  return text !== null && /^\d{4}$/.test(text) ? text : null;
}

function isAbroad(address: FeedObject | null): boolean {
  const countryCode = readText(field(address, 'country_code'));
  const country = readText(field(address, 'country'));
  if (countryCode !== null) return countryCode !== '199';
  return country !== null && country.toLocaleLowerCase('sv-SE') !== 'sverige';
}

function findMunicipality(address: FeedObject | null): Municipality | undefined {
  const code = municipalityCode(field(address, 'municipality_code'));
  const conceptId = readText(field(address, 'municipality_concept_id'));
  const name = readText(field(address, 'municipality'));
  // A Swedish lookup of a foreign city name would find namesakes ('Lund' in Norway).
  const city = isAbroad(address) ? null : readText(field(address, 'city'));
  return (
    (code ? municipalityByCode(code) : undefined) ??
    (conceptId ? municipalityById(conceptId) : undefined) ??
    (name ? municipalityByName(name) : undefined) ??
    (city ? municipalityByName(city) : undefined)
  );
}

function findRegionLabel(address: FeedObject | null, municipality: Municipality | undefined): string | null {
  const conceptId = readText(field(address, 'region_concept_id'));
  const code = readText(field(address, 'region_code'));
  const region =
    (conceptId ? regionById(conceptId) : undefined) ??
    (municipality ? regionById(municipality.regionId) : undefined) ??
    (code ? regions().find((candidate) => candidate.code === code) : undefined);
  return region?.label ?? tidyPlaceName(field(address, 'region'));
}

/** `workplace_address.coordinates` is [lon, lat]; [0, 0] means "unknown", not the Gulf of Guinea. */
function readCoordinates(address: FeedObject | null): { lat: number; lng: number } | null {
  const coordinates = field(address, 'coordinates');
  if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
  const lng = readNumber(coordinates[0]);
  const lat = readNumber(coordinates[1]);
  if (lat === null || lng === null || (lat === 0 && lng === 0)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/**
 * Place fields of an ad. The taxonomy's municipality (found by code, concept id, name or tätort)
 * gives the clean name, so 'STOCKHOLM' and 'Göteborgs stad' come out as 'Stockholm' and
 * 'Göteborg'; without a match the feed's text is tidied. Remote ads get 'Distans' as location
 * but keep their municipality, so a Göteborg company's remote ad still has one.
 */
export function normalizePlace(ad: FeedObject, remote: boolean): NormalizedPlace {
  const address = objectField(ad, 'workplace_address');
  const found = findMunicipality(address);
  const municipality = found?.label ?? tidyPlaceName(field(address, 'municipality'));
  const region = findRegionLabel(address, found);
  const coordinates =
    readCoordinates(address) ??
    (found?.lat !== undefined && found.lng !== undefined ? { lat: found.lat, lng: found.lng } : null);
  return {
    location: remote ? REMOTE_LOCATION : (municipality ?? tidyPlaceName(field(address, 'city')) ?? region),
    municipality,
    municipalityCode: found?.code ?? municipalityCode(field(address, 'municipality_code')),
    region,
    lat: coordinates?.lat ?? null,
    lng: coordinates?.lng ?? null,
  };
}
