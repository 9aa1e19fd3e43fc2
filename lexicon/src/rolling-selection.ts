// 'Urval sker löpande': the feed has no field for it, the ads say it in their text. The phrases
// are data (data/rolling-selection.json); this is the one rule that reads them, used by the
// indexer's normaliser and by the migration that fills in stored ads.
import { lazy, readDataFile } from './data-file.js';

interface RollingSelectionData {
  phrases: string[];
}

/** Lower case, every run of whitespace one space: how the phrases are written. */
const comparable = (text: string) => text.toLocaleLowerCase('sv-SE').replace(/\s+/g, ' ');

const phrases = lazy(() =>
  readDataFile<RollingSelectionData>('rolling-selection.json').phrases.map(comparable),
);

/** The phrases, lower case with single spaces (a migration searches stored ads for them). */
export const rollingSelectionPhrases = (): readonly string[] => phrases();

/** Whether any of the texts (headline, description) says applicants are selected as they apply. */
export function saysRollingSelection(...texts: readonly (string | null | undefined)[]): boolean {
  const known = phrases();
  return texts.some((text) => {
    if (!text) return false;
    const haystack = comparable(text);
    return known.some((phrase) => haystack.includes(phrase));
  });
}
