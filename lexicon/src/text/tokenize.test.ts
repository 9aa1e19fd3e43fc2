import { describe, expect, it } from 'vitest';
import { foldAscii } from './fold.js';
import { tokenize, tokenizeKeepingCase } from './tokenize.js';

describe('tokenize', () => {
  it('lower-cases words and keeps Swedish letters', () => {
    expect(tokenize('Undersköterska till Äldreboendet i Årjäng, Café Ölstugan')).toEqual([
      'undersköterska',
      'till',
      'äldreboendet',
      'i',
      'årjäng',
      'café',
      'ölstugan',
    ]);
  });

  it('keeps programming tokens whole', () => {
    expect(tokenize('Erfarenhet av C#, C++, .NET, Node.js och ASP.NET.')).toEqual([
      'erfarenhet',
      'av',
      'c#',
      'c++',
      '.net',
      'node.js',
      'och',
      'asp.net',
    ]);
  });

  it('splits on hyphens, slashes and punctuation, and drops a sentence-final dot', () => {
    expect(tokenize('Backend-utvecklare/Programmerare (heltid)! Start i maj.')).toEqual([
      'backend',
      'utvecklare',
      'programmerare',
      'heltid',
      'start',
      'i',
      'maj',
    ]);
  });

  it('joins decomposed letters before matching', () => {
    expect(tokenize('Go\u0308teborg')).toEqual(['göteborg']);
  });

  it('can keep the written case', () => {
    expect(tokenizeKeepingCase('Kan SQL och Java')).toEqual(['Kan', 'SQL', 'och', 'Java']);
    expect(tokenize('')).toEqual([]);
  });
});

describe('foldAscii', () => {
  it('strips Swedish and other diacritics and lower-cases', () => {
    expect(foldAscii('Sjuksköterska i Göteborg')).toBe('sjukskoterska i goteborg');
    expect(foldAscii('ÅÄÖ éü Ørsted Straße')).toBe('aao eu orsted strasse');
    expect(foldAscii('plain ascii')).toBe('plain ascii');
  });
});
