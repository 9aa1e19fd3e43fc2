import { curatedWords, isKnownWord, vocabulary } from './vocabulary.js';

const irregularPlurals = (): Record<string, string[]> => curatedWords().irregularPlurals;

/**
 * Plural forms of a singular Swedish occupation noun, other than the word itself. Rules by ending:
 * -are/-iker/-er/-ande keep their form (lärare, tekniker), -a → -or (sköterska), -ie → -ier
 * (arkivarie), -de → -den (biträde), -e → -er (guide), -man → -män, -ing → -ingar, else -er
 * (ingenjör, konsult, chef); the curated list overrides (kock → kockar).
 */
export function pluralForms(word: string): string[] {
  const irregular = irregularPlurals()[word];
  if (irregular) return irregular;
  if (/(are|er|ande|ende)$/.test(word)) return [];
  if (word.endsWith('man')) return [`${word.slice(0, -3)}män`];
  if (word.endsWith('a')) return [`${word.slice(0, -1)}or`];
  if (word.endsWith('ie')) return [`${word}r`];
  if (word.endsWith('de')) return [`${word}n`];
  if (/[eiouyåäöé]$/.test(word)) return [`${word}r`];
  if (word.endsWith('ing')) return [`${word}ar`];
  return [`${word}er`];
}

function singularCandidates(word: string): string[] {
  const candidates: string[] = [];
  for (const [singular, plurals] of Object.entries(irregularPlurals())) {
    if (plurals.includes(word)) candidates.push(singular);
  }
  if (word.endsWith('män')) candidates.push(`${word.slice(0, -3)}man`);
  if (word.endsWith('or')) candidates.push(`${word.slice(0, -2)}a`);
  if (word.endsWith('er') || word.endsWith('ar')) candidates.push(word.slice(0, -2));
  if (word.endsWith('r') || word.endsWith('n') || word.endsWith('s')) candidates.push(word.slice(0, -1));
  return candidates;
}

/**
 * The singular of a plural occupation noun we know ('ingenjörer' → 'ingenjör', 'sjuksköterskor' →
 * 'sjuksköterska'), or null when the word is not such a plural. Occupation words count as
 * singular already: 'tekniker' is a job title, not the plural of 'teknik'.
 */
export function singularForm(word: string, isKnown: (word: string) => boolean = isKnownWord): string | null {
  if (vocabulary().occupationWords.has(word)) return null;
  for (const candidate of singularCandidates(word)) {
    if (candidate.length >= 2 && isKnown(candidate) && pluralForms(candidate).includes(word))
      return candidate;
  }
  return null;
}
