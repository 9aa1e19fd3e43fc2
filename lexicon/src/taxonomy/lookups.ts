import { lazy } from '../data-file.js';
import { foldAscii } from '../text/fold.js';
import {
  municipalities,
  occupationFields,
  occupationGroups,
  occupationNames,
  places,
  regions,
  skills,
} from './lists.js';
import type {
  Concept,
  Municipality,
  OccupationField,
  OccupationGroup,
  OccupationName,
  Region,
} from './types.js';

function indexBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  // First one wins so that a later duplicate (e.g. an old label) never shadows the main entry.
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}

const fieldsById = lazy(() => indexBy(occupationFields(), (f) => f.id));
const groupsById = lazy(() => indexBy(occupationGroups(), (g) => g.id));
const groupsBySsyk = lazy(() => indexBy(occupationGroups(), (g) => g.ssyk));
const namesById = lazy(() => indexBy(occupationNames(), (n) => n.id));
const regionsById = lazy(() => indexBy(regions(), (r) => r.id));
const municipalitiesById = lazy(() => indexBy(municipalities(), (m) => m.id));
const municipalitiesByCode = lazy(() => indexBy(municipalities(), (m) => m.code));
/** Every taxonomy skill once, by id (the first of an id wins, as everywhere here). */
export const skillsById: () => ReadonlyMap<string, Concept> = lazy(() => indexBy(skills(), (s) => s.id));

export const fieldById = (id: string): OccupationField | undefined => fieldsById().get(id);
export const groupById = (id: string): OccupationGroup | undefined => groupsById().get(id);
export const groupBySsyk = (code: string): OccupationGroup | undefined => groupsBySsyk().get(code.trim());
export const skillById = (id: string): Concept | undefined => skillsById().get(id);
export const occupationNameById = (id: string): OccupationName | undefined => namesById().get(id);
export const regionById = (id: string): Region | undefined => regionsById().get(id);
export const municipalityById = (id: string): Municipality | undefined => municipalitiesById().get(id);
export const municipalityByCode = (code: string): Municipality | undefined =>
  municipalitiesByCode().get(code.trim());

const nameKey = (name: string) => name.trim().toLocaleLowerCase('sv-SE').replace(/\s+/g, ' ');

/**
 * Municipality names first, then locality names, so 'Kungsbacka' is the kommun even where a tätort
 * of the same name exists elsewhere; a second map keyed by the ASCII-folded name serves input
 * typed without å/ä/ö ('Goteborg'), where a clash keeps the exact-letter entry found first.
 */
const municipalitiesByName = lazy(() => {
  const exact = new Map<string, Municipality>();
  const folded = new Map<string, Municipality>();
  const add = (label: string, municipality: Municipality) => {
    if (!exact.has(nameKey(label))) exact.set(nameKey(label), municipality);
    if (!folded.has(foldAscii(nameKey(label)))) folded.set(foldAscii(nameKey(label)), municipality);
  };
  for (const municipality of municipalities()) add(municipality.label, municipality);
  for (const place of places()) {
    const municipality = municipalityByCode(place.municipalityCode);
    if (municipality) add(place.label, municipality);
  }
  return { exact, folded };
});

/** Finds a kommun by its name or by the name of a tätort in it ('Stockholm', 'kiruna', 'Sollentuna kommun'). */
export function municipalityByName(name: string): Municipality | undefined {
  const { exact, folded } = municipalitiesByName();
  const key = nameKey(name);
  if (!key) return undefined;
  const candidates = [key];
  const withoutSuffix = key.replace(/\s+(kommun|stad)$/, '');
  if (withoutSuffix !== key) {
    candidates.push(withoutSuffix);
    // 'Stockholms stad', 'Hudiksvalls kommun': the genitive s belongs to the phrase, not the name.
    if (withoutSuffix.endsWith('s')) candidates.push(withoutSuffix.slice(0, -1));
  }
  for (const candidate of candidates) {
    const hit = exact.get(candidate) ?? folded.get(foldAscii(candidate));
    if (hit) return hit;
  }
  return undefined;
}
