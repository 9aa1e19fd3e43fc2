import { languages } from '@jobbportalen/lexicon/taxonomy';
import type { CvLine } from './cv-sections.js';
import { wordsPattern } from './text-patterns.js';

// English names as CVs written in English use them, mapped to the taxonomy's Swedish label.
const ENGLISH_NAMES: Record<string, string> = {
  swedish: 'Svenska',
  english: 'Engelska',
  german: 'Tyska',
  french: 'Franska',
  spanish: 'Spanska',
  finnish: 'Finska',
  norwegian: 'Norska',
  danish: 'Danska',
  icelandic: 'Isländska',
  arabic: 'Arabiska',
  persian: 'Persiska',
  farsi: 'Persiska',
  somali: 'Somaliska',
  tigrinya: 'Tigrinska',
  amharic: 'Amhariska',
  kurdish: 'Kurdiska',
  turkish: 'Turkiska',
  polish: 'Polska',
  russian: 'Ryska',
  ukrainian: 'Ukrainska',
  bosnian: 'Bosniska',
  croatian: 'Kroatiska',
  serbian: 'Serbiska',
  albanian: 'Albanska',
  chinese: 'Kinesiska',
  mandarin: 'Mandarin',
  cantonese: 'Kantonesiska',
  japanese: 'Japanska',
  korean: 'Koreanska',
  italian: 'Italienska',
  portuguese: 'Portugisiska',
  dutch: 'Nederländska',
  greek: 'Grekiska',
  hindi: 'Hindi',
  urdu: 'Urdu',
  thai: 'Thailändska',
  vietnamese: 'Vietnamesiska',
  tagalog: 'Tagalog',
  estonian: 'Estniska',
  romanian: 'Rumänska',
  hungarian: 'Ungerska',
  hebrew: 'Hebreiska',
};

let byWord: Map<string, string> | undefined;

/** Lower-case language name → display label ('persiska' and 'farsi' → 'Persiska'). */
function languageWords(): Map<string, string> {
  if (byWord) return byWord;
  byWord = new Map();
  for (const language of languages()) {
    // 'Finsk-ugriska språk, andra' and 'Kurdiska - Sorani' are groupings and dialects, not what
    // a CV lists.
    if (language.label.includes(',') || language.label.includes(' - ')) continue;
    const alternatives = language.label.split('/').map((part) => part.trim());
    const display = alternatives[0] ?? language.label;
    for (const alternative of alternatives) {
      const key = alternative.toLocaleLowerCase('sv-SE');
      if (key.length >= 4 && !byWord.has(key)) byWord.set(key, display);
    }
  }
  for (const [english, swedish] of Object.entries(ENGLISH_NAMES)) byWord.set(english, swedish);
  byWord.set('teckenspråk', 'Teckenspråk');
  return byWord;
}

/** Whether a word names a language ('svenska', 'English'): such skill labels are language skills. */
export function isLanguageName(word: string): boolean {
  return languageWords().has(word.toLocaleLowerCase('sv-SE'));
}

// A language name counts only where it is about speaking it: the Språk section, a line with a
// level, or a 'talar …' sentence. 'Lärare i svenska' and 'polish' the verb stay out.
const LEVEL_WORDS = wordsPattern(
  'modersmål|flytande|obehindrat|goda kunskaper|mycket goda|grundläggande|grundkunskaper|tal och skrift|' +
    'talar|pratar|behärskar|native|fluent|fluently|proficient|basic|intermediate|advanced|conversational|' +
    'mother tongue|business level|working proficiency|speak|speaks',
);
const LEVEL_CODE = /(?<![\p{L}\p{N}])[ABC][12](?![\p{L}\p{N}])/u;
const LANGUAGE_LINE = /^\s*(?:språk|språkkunskaper|languages?)\s*[:–-]/iu;

/** Languages the CV or letter says the person speaks, as taxonomy labels, in order of mention. */
export function findLanguages(lines: CvLine[]): string[] {
  const words = languageWords();
  const found: string[] = [];
  for (const line of lines) {
    const relevant =
      line.section === 'languages' ||
      LEVEL_WORDS.test(line.text) ||
      LEVEL_CODE.test(line.text) ||
      LANGUAGE_LINE.test(line.text);
    if (!relevant) continue;
    for (const token of line.text.toLocaleLowerCase('sv-SE').match(/\p{L}+/gu) ?? []) {
      const label = words.get(token);
      if (label && !found.includes(label)) found.push(label);
    }
  }
  return found;
}
