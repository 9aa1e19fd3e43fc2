import { describe, expect, it } from 'vitest';
import { pageItems, type PageItem } from './pagination-model';

/** Compact notation for assertions: [1, '…', 4, 5, 6, '…', 20]. */
const show = (items: PageItem[]): (number | string)[] =>
  items.map((item) => (item.type === 'page' ? item.page : '…'));

describe('pageItems', () => {
  it('lists every page when there are at most seven', () => {
    expect(show(pageItems(1, 1))).toEqual([1]);
    expect(show(pageItems(3, 7))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('has no buttons without pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('puts one ellipsis at the end near the start', () => {
    expect(show(pageItems(1, 20))).toEqual([1, 2, 3, 4, 5, 6, '…', 20]);
    expect(show(pageItems(5, 20))).toEqual([1, 2, 3, 4, 5, 6, '…', 20]);
  });

  it('puts one ellipsis at the start near the end', () => {
    expect(show(pageItems(20, 20))).toEqual([1, '…', 15, 16, 17, 18, 19, 20]);
    expect(show(pageItems(16, 20))).toEqual([1, '…', 15, 16, 17, 18, 19, 20]);
  });

  it('centres the current page between two ellipses in the middle', () => {
    expect(show(pageItems(6, 20))).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 20]);
    expect(show(pageItems(15, 20))).toEqual([1, '…', 13, 14, 15, 16, 17, '…', 20]);
  });

  it('never shows more than seven page numbers, and hides a single page only when it must', () => {
    for (let total = 1; total <= 40; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = pageItems(current, total);
        const pages = items.flatMap((item) => (item.type === 'page' ? [item.page] : []));
        expect(pages.length).toBeLessThanOrEqual(7);
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        items.forEach((item, index) => {
          if (item.type !== 'ellipsis') return;
          const before = items[index - 1];
          const after = items[index + 1];
          if (before?.type !== 'page' || after?.type !== 'page')
            throw new Error('ellipsis not between pages');
          // With eight pages and seven buttons exactly one page has to go behind the ellipsis.
          expect(after.page - before.page).toBeGreaterThan(total === 8 ? 1 : 2);
        });
      }
    }
  });

  it('clamps a current page outside the range', () => {
    expect(show(pageItems(99, 8))).toEqual([1, '…', 3, 4, 5, 6, 7, 8]);
  });
});
