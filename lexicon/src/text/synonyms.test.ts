import { describe, expect, it } from 'vitest';
import { occupationSynonyms } from './synonyms.js';

describe('occupationSynonyms', () => {
  const synonyms = occupationSynonyms();

  it('holds curated synonyms in both directions', () => {
    expect(synonyms['programmerare']).toEqual(
      expect.arrayContaining(['systemutvecklare', 'mjukvaruutvecklare']),
    );
    expect(synonyms['systemutvecklare']).toContain('programmerare');
    expect(synonyms['kock']).toEqual(['kokerska']);
    expect(synonyms['kokerska']).toEqual(['kock']);
  });

  it('takes spelling variants from the taxonomy', () => {
    expect(synonyms['bussförare']).toContain('busschaufför');
    expect(synonyms['apputvecklare']).toContain('mobilutvecklare');
  });

  it('leaves out related but different jobs', () => {
    expect(synonyms['undersköterska'] ?? []).not.toContain('vårdbiträde');
    expect(synonyms['bagare'] ?? []).not.toContain('konditor');
    expect(synonyms['teckenspråkstolk'] ?? []).not.toContain('dövblindtolk');
  });

  it('stays modest and never maps a word to itself', () => {
    expect(Object.keys(synonyms).length).toBeLessThan(400);
    for (const [word, others] of Object.entries(synonyms)) expect(others).not.toContain(word);
  });
});
