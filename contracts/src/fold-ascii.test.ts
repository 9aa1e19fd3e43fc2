import { describe, expect, it } from 'vitest';
import { foldAscii } from './fold-ascii.js';

describe('foldAscii', () => {
  it('lower-cases and strips diacritics, with stand-ins for letters NFD keeps whole', () => {
    expect(foldAscii('Sjuksköterska i Göteborg')).toBe('sjukskoterska i goteborg');
    expect(foldAscii('ÅÄÖ éü Ørsted Straße')).toBe('aao eu orsted strasse');
    expect(foldAscii('plain ascii')).toBe('plain ascii');
  });
});
