import { describe, expect, it } from 'vitest';
import { searchTerms } from './search-terms.js';

describe('searchTerms', () => {
  it('lets a head word find a compound title', () => {
    const terms = searchTerms({ title: 'Javautvecklare till spännande bolag' });
    expect(terms).toEqual(expect.arrayContaining(['utvecklare', 'java', 'javautvecklare']));
  });

  it('adds plural and ASCII-folded forms so "sjukskoterskor" finds "Sjuksköterska"', () => {
    const terms = searchTerms({ title: 'Sjuksköterska', occupation: 'Sjuksköterska, grundutbildad' });
    expect(terms).toEqual(
      expect.arrayContaining([
        'sjuksköterska',
        'sjuksköterskor',
        'sjukskoterskor',
        'sköterska',
        'sköterskor',
      ]),
    );
    expect(terms).not.toContain('grundutbildader');
  });

  it('adds the singular of a plural title', () => {
    const terms = searchTerms({ title: 'Undersköterskor sökes' });
    expect(terms).toEqual(expect.arrayContaining(['undersköterska', 'undersköterskor', 'underskoterska']));
  });

  it('lets "larare" find "Gymnasielärare" and "säljare" find "Innesäljare"', () => {
    expect(searchTerms({ title: 'Gymnasielärare i matematik' })).toEqual(
      expect.arrayContaining(['lärare', 'larare', 'gymnasie']),
    );
    expect(searchTerms({ title: 'Innesäljare' })).toEqual(expect.arrayContaining(['säljare', 'saljare']));
  });

  it('inflects ingenjör, konsult, chef and biträde heads', () => {
    const terms = searchTerms({ title: 'Projektingenjör, IT-konsult, Butikschef och Kassabiträde' });
    expect(terms).toEqual(
      expect.arrayContaining(['ingenjörer', 'konsulter', 'chefer', 'biträden', 'projektingenjörer', 'butik']),
    );
  });

  it('finds the known occupation word at the end of a compound with an unknown modifier', () => {
    expect(searchTerms({ title: 'Reklamationshandläggare' })).toContain('handläggare');
    expect(searchTerms({ title: 'Databasutvecklare' })).toEqual(
      expect.arrayContaining(['utvecklare', 'databas']),
    );
    // Short first parts are left alone: a bookkeeper is no driver, a co-worker no labourer.
    expect(searchTerms({ title: 'Bokförare' })).not.toContain('förare');
    expect(searchTerms({ title: 'Medarbetare' })).not.toContain('arbetare');
  });

  it('completes cut compounds', () => {
    expect(searchTerms({ title: 'Bygg- och anläggningsarbetare' })).toEqual(
      expect.arrayContaining(['byggarbetare', 'anläggningsarbetare', 'arbetare']),
    );
  });

  it('takes only occupation words from the broad group label', () => {
    const terms = searchTerms({
      title: 'Undersköterska',
      occupationGroup: 'Undersköterskor, hemtjänst, äldreboende m.fl.',
    });
    expect(terms).not.toContain('hemtjänst');
    expect(terms).toContain('undersköterskor');
  });

  it('returns distinct lower-case terms without stop words', () => {
    const terms = searchTerms({ title: 'Vi söker en Lärare och en LÄRARE till oss', occupation: 'Lärare' });
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms.every((term) => term === term.toLowerCase())).toBe(true);
    for (const stopWord of ['vi', 'en', 'och', 'till', 'oss']) expect(terms).not.toContain(stopWord);
  });
});
