import { describe, expect, it } from 'vitest';
import { termAliases, termAliasProblems } from './term-aliases.js';

describe('CV term aliases', () => {
  it('name, by id, concepts the taxonomy has under the labels the file gives', () => {
    expect(termAliasProblems()).toEqual([]);
  });

  it('resolve aliases to concepts by id', () => {
    const aliases = termAliases();
    expect(aliases.occupations.get('lastbilschaufför')).toMatchObject({
      id: 'JEhg_Dmh_mzv',
      label: 'Distributionsförare',
    });
    expect(aliases.englishOnlyOccupations.get('chef')?.label).toBe('Kock à la carte');
    expect(aliases.skills.get('bookkeeping')?.label).toBe('Bokföringsvana');
    expect(aliases.occupations.size).toBe(75);
    expect(aliases.skills.size).toBe(46);
    expect(aliases.ignoredOccupationIds).toEqual(new Set(['X9jv_K2b_m48', 'qot1_qJ1_kec']));
    expect(aliases.ignoredSkillIds.size).toBe(9);
  });
});
