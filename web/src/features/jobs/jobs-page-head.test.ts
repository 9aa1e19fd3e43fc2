import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../lib/format';
import type { JobsRoute } from '../../lib/jobs-url-state';
import { jobsPageHead, landingPathOf, NOINDEX } from './jobs-page-head';

describe('jobsPageHead', () => {
  it('makes the category and place landing pages indexable under their own stable address', () => {
    expect(landingPathOf({ mainCategory: 'IT' })).toBe('/jobb?mainCategory=IT');
    expect(landingPathOf({ city: 'Malmö' })).toBe(`/jobb?city=${encodeURIComponent('Malmö')}`);
    expect(landingPathOf({ city: 'Malmö', sort: 'newest' })).toBe(
      `/jobb?city=${encodeURIComponent('Malmö')}`,
    );
    expect(landingPathOf({})).toBe('/jobb');
    const head = jobsPageHead({ mainCategory: 'IT' }, 1234, 'Jobbportalen');
    expect(head).toEqual({
      title: 'Jobb inom IT – Jobbportalen',
      description: `${formatNumber(1234)} lediga jobb inom IT på Jobbportalen. Sök bland annonserna från Arbetsförmedlingen och ansök direkt.`,
      canonicalPath: '/jobb?mainCategory=IT',
    });
  });

  it('keeps every other search out of the index', () => {
    const routes: JobsRoute[] = [
      { mainCategory: 'Vård', city: 'Göteborg' },
      { text: 'utvecklare' },
      { city: 'Malmö', page: 2 },
      { mainCategory: 'IT', remote: true },
      { published: 7 },
    ];
    for (const route of routes) {
      expect(landingPathOf(route)).toBeNull();
      expect(jobsPageHead(route, 3, 'Jobbportalen').robots).toBe(NOINDEX);
      expect(jobsPageHead(route, 3, 'Jobbportalen').canonicalPath).toBeUndefined();
    }
  });

  it('names the search and its page in the title, and what was searched for in the description', () => {
    const head = jobsPageHead({ text: 'utvecklare', page: 3 }, 57, 'Jobbportalen');
    expect(head.title).toBe('Jobb som matchar ”utvecklare” – sida 3 – Jobbportalen');
    expect(head.description).toContain('57 lediga jobb för ”utvecklare” på Jobbportalen');
    expect(jobsPageHead({ mainCategory: 'Vård', city: 'Göteborg' }, null, 'J').title).toBe(
      'Jobb inom Vård i Göteborg – J',
    );
  });
});
