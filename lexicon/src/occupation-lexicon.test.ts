import { occupationKeysOfWord, readOccupationWords } from '@jobbportalen/contracts';
import { describe, expect, it } from 'vitest';
import { occupationLexicon, wordsNearOccupations } from './occupation-lexicon.js';

describe('occupationLexicon: the occupation words searches and ads are read with', () => {
  const lexicon = occupationLexicon();
  const words = new Set(lexicon.words);

  it('holds the taxonomy’s occupations and our everyday titles, folded and singular', () => {
    for (const word of [
      'utvecklare',
      'sjukskoterska',
      'underskoterska',
      'larare',
      'ekonom',
      'kock',
      'chef',
    ]) {
      expect(words, word).toContain(word);
    }
    expect(words).toContain('lastbilschauffor');
    expect(lexicon.words.length).toBeGreaterThan(2_500);
  });

  it('leaves out the fields and materials the taxonomy’s names also yield', () => {
    for (const word of ['lager', 'stad', 'bygg', 'drift', 'butik', 'man', 'personal', 'ekonomi', 'vard']) {
      expect(words, word).not.toContain(word);
    }
  });

  it('reads the words seekers type as the occupation they mean', () => {
    const keyOf = (text: string) => readOccupationWords(text, lexicon).occupations.map(({ key }) => key);
    expect(keyOf('utvecklare')).toEqual(['utvecklare']);
    expect(keyOf('sjuksköterskor')).toEqual(['sjukskoterska']);
    expect(keyOf('sjuksöterska')).toEqual(['sjukskoterska']);
    expect(keyOf('trukförare')).toEqual(['truckforare']);
    expect(keyOf('lagerarbetrae')).toEqual(['lagerarbetare']);
    expect(keyOf('java excel truckkort')).toEqual([]);
    // Everyday titles of one work find each other.
    expect(readOccupationWords('lastbilschaufför', lexicon).occupations[0]?.means).toEqual(
      expect.arrayContaining(['lastbilsforare', 'cechauffor', 'distributionsforare']),
    );
  });

  it('never reads the words of an ad’s text as the occupation they resemble', () => {
    for (const word of [
      'utvecklas',
      'utveckla',
      'utvecklade',
      'lära',
      'lärande',
      'ekonomi',
      'verksamheten',
    ]) {
      expect(occupationKeysOfWord(word, lexicon), word).toEqual([]);
      expect(readOccupationWords(word, lexicon).occupations, word).toEqual([]);
    }
  });

  it('stays small enough for the browser to fetch once (under 80 KB as JSON)', () => {
    expect(JSON.stringify(lexicon).length).toBeLessThan(80_000);
  });
});

describe('occupation-words.json', () => {
  it('lists every word a search would otherwise read as a misspelt occupation (notMisspellings)', () => {
    const listed = new Set(occupationLexicon().notMisspellings);
    // Missing words: add them to notMisspellings in lexicon/data/occupation-words.json.
    expect(wordsNearOccupations().filter((word) => !listed.has(word))).toEqual([]);
  });
});
