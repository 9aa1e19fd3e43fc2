import { describe, expect, it } from 'vitest';
import { CLIENT_PAGE_PATHS, isInAdminArea, PAGES, SITEMAP_PATHS } from './pages.js';

describe('the page registry', () => {
  it('lists the public content pages in the sitemap, in a fixed order', () => {
    expect(SITEMAP_PATHS).toEqual([
      '/',
      '/jobb',
      '/match',
      '/karriarguide',
      '/karriarguide/cv-guide',
      '/karriarguide/personligt-brev',
      '/karriarguide/intervjutips',
      '/for-arbetsgivare',
      '/kontakt',
      '/integritet',
    ]);
  });

  it('keeps pages that need a login, and the payment result pages, out of the sitemap', () => {
    for (const page of Object.values(PAGES)) {
      if (page.access !== 'anyone') expect(page.inSitemap, page.path).toBe(false);
    }
    expect(SITEMAP_PATHS).not.toContain(PAGES.thanks.path);
    expect(SITEMAP_PATHS).not.toContain(PAGES.cancelled.path);
  });

  it('has the app serve every page but the job ad, which the server renders for crawlers', () => {
    expect(CLIENT_PAGE_PATHS).toHaveLength(Object.keys(PAGES).length - 1);
    expect(CLIENT_PAGE_PATHS).not.toContain(PAGES.jobDetail.path);
    expect(new Set(Object.values(PAGES).map((page) => page.path)).size).toBe(Object.keys(PAGES).length);
  });

  it('tells the admin area from look-alike paths', () => {
    expect(isInAdminArea('/admin')).toBe(true);
    expect(isInAdminArea('/admin/import')).toBe(true);
    expect(isInAdminArea('/administrator')).toBe(false);
    expect(isInAdminArea('/')).toBe(false);
  });
});
