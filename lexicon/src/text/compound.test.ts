import { describe, expect, it } from 'vitest';
import { analyzeCompound, splitCompound } from './compound.js';

describe('splitCompound', () => {
  it.each([
    ['javautvecklare', ['java', 'utvecklare']],
    ['Javautvecklare', ['java', 'utvecklare']],
    ['undersköterska', ['under', 'sköterska']],
    ['sjuksköterska', ['sjuk', 'sköterska']],
    ['innesäljare', ['inne', 'säljare']],
    ['kassabiträde', ['kassa', 'biträde']],
    ['lastbilschaufför', ['lastbil', 'chaufför']],
  ])('splits %s', (word, parts) => {
    expect(splitCompound(word)).toEqual(parts);
  });

  it('drops a linking s and restores a changed ending', () => {
    expect(splitCompound('försäljningschef')).toEqual(['försäljning', 'chef']);
    expect(splitCompound('arbetsledare')).toEqual(['arbete', 'ledare']);
    expect(splitCompound('förskolelärare')).toEqual(['förskola', 'lärare']);
    expect(splitCompound('hälsopedagog')).toEqual(['hälsa', 'pedagog']);
  });

  it('keeps the -ie combining form of Latin -ium words', () => {
    expect(splitCompound('gymnasielärare')).toEqual(['gymnasie', 'lärare']);
  });

  it('splits on hyphens first', () => {
    expect(splitCompound('IT-tekniker')).toEqual(['it', 'tekniker']);
  });

  it('gives the singular of a plural head', () => {
    expect(splitCompound('sjuksköterskor')).toEqual(['sjuk', 'sköterska']);
    expect(analyzeCompound('projektingenjörer').at(-1)).toEqual({ surface: 'ingenjörer', lemma: 'ingenjör' });
  });

  it('leaves simple and unknown words whole', () => {
    for (const word of ['lärare', 'säljare', 'ingenjör', 'tekniker', 'konsult', 'fotograf', 'xyzzyplugh']) {
      expect(splitCompound(word)).toEqual([word]);
    }
  });
});
