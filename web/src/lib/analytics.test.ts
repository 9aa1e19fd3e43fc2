import { describe, expect, it } from 'vitest';
import { initialReferrer, pathOnly } from './analytics';

describe('pathOnly', () => {
  it('drops the query string and the fragment', () => {
    expect(pathOnly('/jobb?search=lärare&city=Malmö')).toBe('/jobb');
    expect(pathOnly('/karriarguide/cv-guide#exempel')).toBe('/karriarguide/cv-guide');
    expect(pathOnly('/')).toBe('/');
    expect(pathOnly('')).toBe('/');
  });
});

describe('initialReferrer', () => {
  const origin = 'https://jobbportalen.se';

  it('keeps only the path of our own pages', () => {
    expect(initialReferrer('https://jobbportalen.se/jobb?search=kock', origin)).toBe('/jobb');
  });

  it('keeps only the origin of other sites', () => {
    expect(initialReferrer('https://www.example.org/sok?q=min+epost', origin)).toBe(
      'https://www.example.org',
    );
  });

  it('gives an empty referrer when there is none or it is unreadable', () => {
    expect(initialReferrer('', origin)).toBe('');
    expect(initialReferrer('inte en adress', origin)).toBe('');
  });
});
