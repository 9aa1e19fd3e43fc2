import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_PAGES, isClientPage } from './client-pages.js';

const routesFile = new URL('../../../web/src/app/routes.tsx', import.meta.url);

describe('CLIENT_PAGES', () => {
  it("lists exactly the web app's public routes (apart from /jobb/:id, which the server answers)", () => {
    const routes = [...fs.readFileSync(routesFile, 'utf8').matchAll(/<Route path="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(routes.length).toBeGreaterThan(10);
    expect(new Set(routes.filter((route) => !route.includes(':')))).toEqual(CLIENT_PAGES);
  });

  it('ignores the query, the fragment and a trailing slash', () => {
    expect(isClientPage('/jobb?search=lärare&city=Malmö')).toBe(true);
    expect(isClientPage('/kontakt/')).toBe(true);
    expect(isClientPage('/admin/import')).toBe(true);
    expect(isClientPage('/administrator')).toBe(false);
    expect(isClientPage('/jobbb')).toBe(false);
  });
});
