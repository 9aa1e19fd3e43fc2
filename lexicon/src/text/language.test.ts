import { describe, expect, it } from 'vitest';
import { stem } from './stem.js';
import { isStopWord, SWEDISH_STOP_WORDS } from './stop-words.js';
import { pluralForms, singularForm } from './inflection.js';

describe('SWEDISH_STOP_WORDS', () => {
  it('holds common function words without duplicates', () => {
    for (const word of ['och', 'att', 'i', 'på', 'som', 'vi', 'för', 'inte', 'med']) {
      expect(SWEDISH_STOP_WORDS).toContain(word);
    }
    expect(new Set(SWEDISH_STOP_WORDS).size).toBe(SWEDISH_STOP_WORDS.length);
    expect(SWEDISH_STOP_WORDS.length).toBeGreaterThan(100);
  });

  it('leaves out words that carry meaning in job titles', () => {
    for (const word of ['under', 'över', 'inne', 'man', 'fast', 'lärare'])
      expect(isStopWord(word)).toBe(false);
    expect(isStopWord('OCH')).toBe(true);
  });
});

describe('stem', () => {
  it('gives singular and plural the same Snowball stem', () => {
    expect(stem('sjuksköterskor')).toBe(stem('sjuksköterska'));
    expect(stem('ingenjörer')).toBe('ingenjör');
    expect(stem('Utvecklare')).toBe(stem('utvecklarna'));
  });
});

describe('inflection', () => {
  it('forms plurals of occupation nouns', () => {
    expect(pluralForms('sjuksköterska')).toEqual(['sjuksköterskor']);
    expect(pluralForms('ingenjör')).toEqual(['ingenjörer']);
    expect(pluralForms('konsult')).toEqual(['konsulter']);
    expect(pluralForms('biträde')).toEqual(['biträden']);
    expect(pluralForms('brandman')).toEqual(['brandmän']);
    expect(pluralForms('kock')).toEqual(['kockar']);
    expect(pluralForms('lärare')).toEqual([]);
    expect(pluralForms('tekniker')).toEqual([]);
  });

  it('finds the singular of a known plural only', () => {
    expect(singularForm('sjuksköterskor')).toBe('sjuksköterska');
    expect(singularForm('ingenjörer')).toBe('ingenjör');
    expect(singularForm('chefer')).toBe('chef');
    expect(singularForm('biträden')).toBe('biträde');
    expect(singularForm('tekniker')).toBeNull();
    expect(singularForm('lärare')).toBeNull();
    expect(singularForm('qwertyer')).toBeNull();
  });
});
