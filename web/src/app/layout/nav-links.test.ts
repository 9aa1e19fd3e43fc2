import { describe, expect, it } from 'vitest';
import { isCurrentSection } from './nav-links';

describe('isCurrentSection', () => {
  it('marks the section and its sub-pages', () => {
    expect(isCurrentSection('/jobb', '/jobb')).toBe(true);
    expect(isCurrentSection('/jobb', '/jobb/abc')).toBe(true);
    expect(isCurrentSection('/karriarguide', '/karriarguide/cv-guide')).toBe(true);
  });

  it('does not mark look-alike paths or every page as the start page', () => {
    expect(isCurrentSection('/jobb', '/jobbannons')).toBe(false);
    expect(isCurrentSection('/', '/jobb')).toBe(false);
    expect(isCurrentSection('/', '/')).toBe(true);
  });
});
