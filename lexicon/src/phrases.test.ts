import { describe, expect, it } from 'vitest';
import { findOccupations, findSkills } from './phrases.js';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('findSkills', () => {
  it('finds skills written as in the taxonomy or without its qualifier', () => {
    const found = labels(findSkills('Jag kan Java, SQL och C# samt lite Python. Van vid Excel.'));
    expect(found).toEqual([
      'Java, programmeringsspråk',
      'SQL, frågespråk',
      'C#, programmeringsspråk',
      'Python, programmeringsspråk',
      'MS Excel',
    ]);
  });

  it('prefers the longest mention and finds acronyms in parentheses', () => {
    const found = labels(findSkills('Erfarenhet av React native och AWS.'));
    expect(found).toEqual(['React native, programmeringsspråk', 'Amazon Web Services (AWS), molnplattform']);
  });

  it('respects word boundaries and Swedish letters', () => {
    expect(labels(findSkills('Javascriptkunnig, javaöar, sqlserver'))).toEqual([]);
    expect(labels(findSkills('javascript'))).toEqual(['JavaScript, programmeringsspråk']);
  });

  it('ignores common words that happen to be skills', () => {
    expect(findSkills('Jag har erfarenhet av service och ansvar.')).toEqual([]);
  });
});

describe('findOccupations', () => {
  it('finds occupation names in Swedish text, singular or plural', () => {
    const found = findOccupations('Jag har arbetat som undersköterska och lett sjuksköterskor.');
    expect(labels(found)).toEqual([
      'Undersköterska, hemtjänst och äldreboende',
      'Sjuksköterska, grundutbildad',
    ]);
    expect(found[0]).toMatchObject({ id: expect.any(String), groupId: expect.any(String) });
  });

  it('finds a compound occupation the taxonomy lacks through its head', () => {
    expect(labels(findOccupations('Erfaren Javautvecklare söker nya utmaningar'))).toEqual([
      'Systemutvecklare/Programmerare',
    ]);
  });

  it('does not read ordinary words as occupations', () => {
    expect(findOccupations('Min chef var nöjd med mitt arbete.')).toEqual([]);
  });

  it('handles a two-page CV quickly after warm-up', () => {
    const paragraph =
      'Jag är en erfaren systemutvecklare med kunskaper i Java, SQL och Python. Jag har också arbetat ' +
      'som lärare i gymnasiet, som kock och som undersköterska inom hemtjänsten i Göteborg. ';
    const cv = paragraph.repeat(25);
    findOccupations(cv);
    findSkills(cv);
    const started = performance.now();
    findOccupations(cv);
    findSkills(cv);
    expect(performance.now() - started).toBeLessThan(20);
  });
});
