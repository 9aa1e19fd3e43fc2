import { describe, expect, it } from 'vitest';
import {
  occupationKeysOfText,
  occupationKeysOfWord,
  occupationSearch,
  readOccupationWords,
  type OccupationLexicon,
} from './occupation-words.js';

// A small lexicon in the shape the lexicon package builds from the taxonomy (folded, singular).
const lexicon: OccupationLexicon = {
  words: [
    'utvecklare',
    'sjukskoterska',
    'underskoterska',
    'skoterska',
    'larare',
    'forskollarare',
    'ekonom',
    'assistent',
    'forare',
    'chauffor',
    'bokforare',
    'medarbetare',
    'arbetare',
    'kock',
    'chef',
    'tekniker',
    'programmerare',
    'lastbilsforare',
    'marknadsforare',
  ],
  shortModifiers: ['it', 'app'],
  alsoMeans: { lastbilschauffor: ['lastbilsforare', 'cechauffor'], programmerare: ['systemutvecklare'] },
  notMisspellings: ['utvecklade'],
  wholeWords: ['marknadsforare'],
  phrases: ['personlig assistent', 'larare i grundskolan'],
};

describe('occupationKeysOfWord: the occupations one word names', () => {
  it.each([
    ['Sjuksköterska', ['sjukskoterska', 'skoterska']],
    ['sjuksköterskor', ['sjukskoterska', 'skoterska']],
    ['Undersköterskan', ['underskoterska', 'skoterska']],
    ['Javautvecklare', ['javautvecklare', 'utvecklare']],
    ['React-utvecklare', ['reactutvecklare', 'utvecklare']],
    ['C#-utvecklare,', ['c#utvecklare', 'utvecklare']],
    ['apputvecklare', ['apputvecklare', 'utvecklare']],
    ['IT-tekniker', ['ittekniker', 'tekniker']],
    ['CE-chaufför', ['cechauffor', 'chauffor']],
    ['förskollärare', ['forskollarare', 'larare']],
    ['lärarna', ['larare']],
    ['Redovisningsekonom', ['redovisningsekonom', 'ekonom']],
    ['kockar', ['kock']],
    ['chefen', ['chef']],
  ])('%s → %j', (word, keys) => {
    expect(occupationKeysOfWord(word, lexicon)).toEqual(keys);
  });

  it.each([
    'lära',
    'utvecklas',
    'utveckla',
    'ekonomi',
    'Ekonomiassistent'.slice(0, 7),
    'verksamheten',
    'och',
  ])('names no occupation: %s', (word) => expect(occupationKeysOfWord(word, lexicon)).toEqual([]));

  it('counts a compound by its identity and heads, never by a word it merely contains', () => {
    expect(occupationKeysOfWord('Ekonomiassistent', lexicon)).toEqual(['ekonomiassistent', 'assistent']);
    expect(occupationKeysOfWord('undersköterska', lexicon)).not.toContain('sjukskoterska');
    // Modifiers shorter than four letters are not trusted unless curated: no driver, no worker.
    expect(occupationKeysOfWord('bokförare', lexicon)).toEqual(['bokforare']);
    expect(occupationKeysOfWord('medarbetare', lexicon)).toEqual(['medarbetare']);
  });

  it('reads every word of a title or a text', () => {
    expect(occupationKeysOfText('Sjuksköterska till akuten, natt', lexicon)).toEqual([
      'sjukskoterska',
      'skoterska',
    ]);
    expect(occupationKeysOfText('Du utvecklas tillsammans med våra utvecklare.', lexicon)).toEqual([
      'utvecklare',
    ]);
    expect(occupationKeysOfText(null, lexicon)).toEqual([]);
  });
});

describe('readOccupationWords: a search text', () => {
  it('takes the occupation words apart from the rest, in order', () => {
    expect(readOccupationWords('java utvecklare stockholm', lexicon)).toEqual({
      occupations: [{ typed: 'utvecklare', key: 'utvecklare', means: ['utvecklare'] }],
      rest: 'java stockholm',
    });
    expect(readOccupationWords('excel', lexicon)).toEqual({ occupations: [], rest: 'excel' });
  });

  it('reads a misspelt occupation as the occupation, and only then', () => {
    expect(readOccupationWords('sjuksöterska', lexicon).occupations[0]?.key).toBe('sjukskoterska');
    expect(readOccupationWords('utveklare', lexicon).occupations[0]?.key).toBe('utvecklare');
    // Two swapped letters.
    expect(readOccupationWords('sjukskotreska', lexicon).occupations[0]?.key).toBe('sjukskoterska');
    // Two letters off in a long word.
    expect(readOccupationWords('progamerare', lexicon).occupations[0]?.key).toBe('programmerare');
    // A compound whose modifier we do not know is a misspelling when one is near ('trukförare' is
    // not a 'truk' driver) — here none is, so it stays the compound.
    expect(readOccupationWords('javautvecklare', lexicon).occupations[0]?.key).toBe('javautvecklare');
    // Curated words and short words stay as typed.
    expect(readOccupationWords('utvecklade', lexicon).occupations).toEqual([]);
    expect(readOccupationWords('koks', lexicon).occupations).toEqual([]);
  });

  it('gives what a word also means', () => {
    expect(readOccupationWords('lastbilschaufför', lexicon).occupations[0]?.means).toEqual([
      'lastbilschauffor',
      'lastbilsforare',
      'cechauffor',
    ]);
  });
});

describe('occupations named in several words', () => {
  it('reads a phrase as one occupation, in ads and in searches', () => {
    expect(occupationKeysOfText('Timvikarie personlig assistent', lexicon)).toEqual([
      'personlig assistent',
      'assistent',
    ]);
    expect(occupationKeysOfText('Lärare i grundskolan, årskurs 7-9', lexicon)).toEqual([
      'larare i grundskolan',
      'larare',
    ]);
    for (const typed of ['personlig assistent', 'personliga assistenter', 'personlig asistent']) {
      expect(readOccupationWords(`${typed} göteborg`, lexicon)).toEqual({
        occupations: [{ typed, key: 'personlig assistent', means: ['personlig assistent'] }],
        rest: 'göteborg',
      });
    }
  });

  it('never splits a whole word: a marketer is no driver', () => {
    expect(occupationKeysOfWord('Marknadsförare', lexicon)).toEqual(['marknadsforare']);
  });
});

describe('occupationSearch: the one meaning of a text for Meilisearch', () => {
  it('filters on the ads’ occupations and searches the rest', () => {
    expect(occupationSearch({ text: 'sjuksköterska natt' }, lexicon)).toMatchObject({
      q: 'natt',
      filter: ['occupationKeys IN ["sjukskoterska"]'],
    });
    expect(occupationSearch({ text: 'utvecklare' }, lexicon)).toMatchObject({
      filter: ['occupationKeys IN ["utvecklare"]'],
    });
    expect(occupationSearch({ text: 'utvecklare' }, lexicon).q).toBeUndefined();
  });

  it('with alsoMentions also finds the ads whose text names the occupation', () => {
    expect(occupationSearch({ text: 'utvecklare', alsoMentions: true }, lexicon).filter).toEqual([
      '(occupationKeys IN ["utvecklare"] OR mentionKeys IN ["utvecklare"])',
    ]);
  });

  it('keeps an exact text as typed, and no text as none', () => {
    expect(occupationSearch({ text: 'utvecklare', exact: true }, lexicon)).toEqual({
      q: 'utvecklare',
      filter: [],
      occupations: [],
    });
    expect(occupationSearch({}, lexicon)).toEqual({ filter: [], occupations: [] });
  });
});
