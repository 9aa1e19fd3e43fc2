/** At most 7 page-number buttons, so the row fits on a phone. */
export const MAX_PAGE_BUTTONS = 7;

export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: 'start' | 'end' };

/**
 * Page buttons for `current` of `total` (both 1-based): the first and last page are always there,
 * the rest is a window around the current page, and an ellipsis stands for two or more hidden
 * pages wherever the count allows (hiding a single page behind '…' takes as much room as its button).
 */
export function pageItems(current: number, total: number, maxButtons = MAX_PAGE_BUTTONS): PageItem[] {
  if (total <= 0) return [];
  const page = (n: number): PageItem => ({ type: 'page', page: n });
  const clamped = Math.min(Math.max(current, 1), total);

  if (total <= maxButtons) return Array.from({ length: total }, (_, i) => page(i + 1));

  // Buttons between the first and the last page.
  const inner = maxButtons - 2;
  const half = Math.floor((inner - 1) / 2);
  let start = clamped - half;
  let end = start + inner - 1;
  if (start <= 3) {
    start = 2;
    end = inner + 1;
  } else if (end >= total - 2) {
    end = total - 1;
    start = end - inner + 1;
  }

  const items: PageItem[] = [page(1)];
  if (start > 2) items.push({ type: 'ellipsis', key: 'start' });
  for (let n = start; n <= end; n += 1) items.push(page(n));
  if (end < total - 1) items.push({ type: 'ellipsis', key: 'end' });
  items.push(page(total));
  return items;
}
