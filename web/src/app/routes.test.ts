import fs from 'node:fs';
import { PAGES } from '@jobbportalen/contracts';
import { describe, expect, it } from 'vitest';
import { PAGE_SCREENS } from './routes';

const source = (file: string) => fs.readFileSync(new URL(file, import.meta.url), 'utf8');

describe('the public routes', () => {
  it('give every page of the registry a screen, and no screen a page of its own', () => {
    expect(Object.keys(PAGE_SCREENS).sort()).toEqual(Object.keys(PAGES).sort());
    for (const screen of Object.values(PAGE_SCREENS)) expect(screen).toBeTruthy();
  });

  it('take every path from the registry (no path written into a route)', () => {
    for (const file of ['./routes.tsx', './app.tsx']) {
      const routes = [...source(file).matchAll(/<Route\b[^>]*>/g)].map((match) => match[0]);
      expect(routes.length, file).toBeGreaterThan(0);
      for (const route of routes) expect(route, file).not.toMatch(/path=\{?["'`]\//);
    }
  });
});
