import { hashInts, type Random } from './prng.js';
import type { OccupationProfile, SimulatorData, SimulatorPlace } from './simulator-data.js';

export interface SimulatedEmployer {
  name: string;
  /** The name without the company form, for headlines ('… till Nordkod'). */
  shortName: string;
  sector: string;
  organizationNumber: string;
  /** ASCII name part of the employer's invented web and e-mail domains. */
  slug: string;
  department: string | null;
}

/** Swedish organisation numbers end in a Luhn check digit; realistic ones pass validators. */
export function withLuhnDigit(nineDigits: string): string {
  let sum = 0;
  for (let i = 0; i < nineDigits.length; i++) {
    let digit = Number(nineDigits[i]) * (i % 2 === 0 ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return nineDigits + String((10 - (sum % 10)) % 10);
}

const FOLD: Record<string, string> = { å: 'a', ä: 'a', ö: 'o', é: 'e', ü: 'u' };

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[åäöéü]/g, (letter) => FOLD[letter] ?? letter)
    .replace(/\b(ab|i sverige)\b/g, '')
    .replace(/[^a-z0-9]+/g, '');
}

function digitsFrom(text: string, count: number): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = hashInts(hash, text.charCodeAt(i));
  return String(hash % 10 ** count).padStart(count, '0');
}

/** 'Stockholms län' → 'Region Stockholm', 'Västra Götalands län' → 'Region Västra Götaland'. */
export function regionEmployerName(regionLabel: string): string {
  return `Region ${regionLabel.replace(/ län$/, '').replace(/s$/, '')}`;
}

/**
 * The employer for an ad. Private employers are drawn from a fixed set per sector, so the same
 * names recur across ads the way real employers do; public ones belong to the ad's place.
 */
export function pickEmployer(
  random: Random,
  profile: OccupationProfile,
  place: SimulatorPlace,
  data: SimulatorData,
): SimulatedEmployer {
  const sector = random.pick(profile.sectors);
  if (sector === 'kommun') {
    const name = data.municipalityEmployers[place.label] ?? `${place.label} kommun`;
    return publicEmployer(
      name,
      sector,
      `212000${digitsFrom(name, 3)}`,
      random.pick(data.departments.kommun ?? []),
    );
  }
  if (sector === 'region') {
    const name = regionEmployerName(place.region.label);
    return publicEmployer(
      name,
      sector,
      `232100${digitsFrom(name, 3)}`,
      random.pick(data.departments.region ?? []),
    );
  }
  const prefix = random.pick(data.employerPrefixes);
  const suffix = random.pick(data.employerSuffixes[sector] ?? [' AB']);
  const name = prefix + suffix;
  const prefixForForm = sector === 'myndighet' ? '202100' : '559';
  return {
    name,
    shortName: name.replace(/ AB$/, ''),
    sector,
    organizationNumber: withLuhnDigit(prefixForForm + digitsFrom(name, 9 - prefixForForm.length)),
    slug: slugify(name),
    department: null,
  };
}

function publicEmployer(
  name: string,
  sector: string,
  nineDigits: string,
  department: string,
): SimulatedEmployer {
  return {
    name,
    shortName: name,
    sector,
    organizationNumber: withLuhnDigit(nineDigits),
    slug: slugify(name),
    department,
  };
}
