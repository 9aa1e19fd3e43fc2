import { describe, expect, it } from 'vitest';
import {
  EMPLOYER_LINK,
  FOOTER_LINKS,
  GUEST_LINKS,
  isCurrentSection,
  MAIN_LINKS,
  MEMBER_LINKS,
} from './nav-links';

const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('the header links', () => {
  it("follow the spec's order and Swedish labels", () => {
    expect(labels([...GUEST_LINKS, ...MAIN_LINKS])).toEqual([
      'Registrera dig',
      'Logga in',
      'Jobb',
      'Karriärguide',
      'Matcha mig',
      'Kontakt',
    ]);
    expect(EMPLOYER_LINK).toEqual({ href: '/for-arbetsgivare', label: 'För arbetsgivare' });
    expect(MEMBER_LINKS).toEqual([{ href: '/dashboard', label: 'Min profil' }]);
    expect(FOOTER_LINKS.map((link) => link.href)).toEqual([
      '/for-arbetsgivare',
      '/karriarguide',
      '/kontakt',
      '/integritet',
    ]);
  });
});

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
