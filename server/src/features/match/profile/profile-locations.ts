import { municipalityByName, regionById, type Municipality } from '@jobbportalen/lexicon/taxonomy';
import type { CvLine } from './cv-sections.js';

export interface LocationMention {
  municipality: string;
  region: string | null;
  weight: number;
}

const CUE_WEIGHT = 10;
const HEADER_WEIGHT = 5;
const MENTION_WEIGHT = 1;
/** Lines from the top that count as the personal-details area when no heading says so. */
const HEADER_LINES = 10;

// Capitalised words, optionally joined by a hyphen or a space to the next capitalised word:
// 'Upplands Väsby', 'Upplands-Bro', 'Lilla Edet', 'Västra Frölunda'.
const NAME_SEQUENCE = /\p{Lu}\p{L}*(?:(?:-| )\p{Lu}\p{L}*){0,2}/gu;
const POSTCODE_CITY = /(?<!\d)\d{3} ?\d{2} +(\p{Lu}\p{L}*(?:[- ]\p{Lu}\p{L}*)?)/gu;
// Cue words may start a sentence; the place after them must be capitalised, so these patterns
// are case-sensitive (with the i flag \p{Lu} would match lower-case letters too).
const either = (words: string) =>
  words
    .split('|')
    .map((word) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`)
    .join('|');
const PLACE = '(\\p{Lu}\\p{L}*(?:[- ]\\p{Lu}\\p{L}*)?)';
const RESIDENCE_CUE = new RegExp(
  `(?<!\\p{L})(?:${either('bor|bosatt|boende|hemmahörande|lives|living|based|located|residing|resident')})\\s+(?:i|in)\\s+${PLACE}`,
  'gu',
);
const WISH_CUE = new RegExp(
  `(?<!\\p{L})(?:${either('söker')}\\s+(?:\\p{Ll}+\\s+){0,3}?i|${either('vill')}\\s+(?:arbeta|jobba)\\s+i|` +
    `(?:${either('looking|searching')})\\s+for\\s+(?:\\p{Ll}+\\s+){0,3}?in|${either('relocate')}\\s+to|${either('flytta')}\\s+till)\\s+${PLACE}`,
  'gu',
);
const FIELD_CUE = /^(?:ort|bostadsort|hemort|stad|adress|address|location|city|hometown)\s*:\s*(.+)$/iu;

// Municipality names that are also ordinary words, first names or surnames ('Mark', 'Vara',
// 'Berg', 'Nora'): counted only where a cue says they are a place.
const AMBIGUOUS_NAMES = new Set([
  'mark',
  'vara',
  'kil',
  'ale',
  'eda',
  'berg',
  'nora',
  'salem',
  'habo',
  'mora',
]);

interface Candidate {
  municipality: Municipality;
  /** Found by a municipality's own label (not a locality's or a genitive form). */
  exact: boolean;
}

function lookUp(name: string): Candidate | null {
  const municipality = municipalityByName(name);
  if (municipality) return { municipality, exact: municipality.label === name };
  // 'Göteborgs universitet', 'Malmös': the genitive of a municipality.
  if (name.endsWith('s')) {
    const base = municipalityByName(name.slice(0, -1));
    if (base && base.label === name.slice(0, -1)) return { municipality: base, exact: true };
  }
  return null;
}

/** Every municipality a run of capitalised words names: the longest reading wins, then single words. */
function namesIn(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const match of text.matchAll(NAME_SEQUENCE)) {
    const words = match[0].split(' ');
    const whole = lookUp(match[0]);
    if (whole) {
      found.push(whole);
      continue;
    }
    for (const word of words) {
      const single = lookUp(word);
      if (single) found.push(single);
    }
  }
  return found;
}

/**
 * Places the person lives in or wants to work in, as municipalities. What a cue introduces ('bor
 * i Umeå', 'Ort: Umeå', '903 30 Umeå', 'söker jobb i Umeå') weighs most, the personal-details
 * area next, then every plain mention of a municipality (former workplaces, schools).
 */
export function findLocations(lines: CvLine[], letterLines: CvLine[]): LocationMention[] {
  const weights = new Map<string, { municipality: Municipality; weight: number; order: number }>();
  const add = (candidate: Candidate, weight: number) => {
    const key = candidate.municipality.id;
    const entry = weights.get(key) ?? {
      municipality: candidate.municipality,
      weight: 0,
      order: weights.size,
    };
    entry.weight += weight;
    weights.set(key, entry);
  };
  const addCued = (name: string) => {
    const candidate = lookUp(name) ?? namesIn(name)[0];
    if (candidate) add(candidate, CUE_WEIGHT);
  };

  const scan = (line: CvLine, inLetter: boolean) => {
    const cued = new Set<string>();
    for (const pattern of [RESIDENCE_CUE, WISH_CUE, POSTCODE_CITY]) {
      for (const match of line.text.matchAll(pattern)) {
        addCued(match[1]!);
        cued.add(match[1]!);
      }
    }
    const field = FIELD_CUE.exec(line.text);
    if (field) for (const candidate of namesIn(field[1]!)) add(candidate, CUE_WEIGHT);
    if (field) return;
    const inHeader = !inLetter && line.section === 'header' && line.index < HEADER_LINES;
    for (const candidate of namesIn(line.text)) {
      if (cued.has(candidate.municipality.label)) continue;
      // Outside a cue only a municipality's own name counts: localities include 'Holm', 'Vik', 'Bor'.
      if (!candidate.exact || AMBIGUOUS_NAMES.has(candidate.municipality.label.toLowerCase())) continue;
      add(candidate, inHeader ? HEADER_WEIGHT : MENTION_WEIGHT);
    }
  };

  // The first line of a CV is the person's name, and surnames are often place names ('Lund').
  lines.forEach((line, position) => position > 0 && scan(line, false));
  letterLines.forEach((line) => scan(line, true));

  return [...weights.values()]
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ municipality, weight }) => ({
      municipality: municipality.label,
      region: regionById(municipality.regionId)?.label ?? null,
      weight,
    }));
}
