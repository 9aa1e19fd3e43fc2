import { dropPreparedAnswers } from '../lib/api-client';
import { preparePageLoads, startPageLoads } from './page-loaders';
import { pageKeyOf } from './routes';

/**
 * Starts each page's loads (page-loaders.ts) as early as the browser can know the page: when the
 * address changes, before React renders it — and already when a link to it is pressed with the
 * mouse, since the click and its navigation follow about 100 ms later.
 */
export function loadPagesAsTheAppNavigates(): void {
  let shownPath = window.location.pathname;
  // Only a new path is another page: /jobb rewrites its query as the visitor searches, and its
  // screen stays. A replaced address counts too (a redirect to log in).
  const navigated = (): void => {
    if (window.location.pathname === shownPath) return;
    shownPath = window.location.pathname;
    startPageLoads(new URL(window.location.href));
  };
  for (const event of ['pushState', 'replaceState', 'popstate']) window.addEventListener(event, navigated);

  window.addEventListener(
    'pointerdown',
    (event) => {
      const url = pressedPageLink(event);
      if (url) preparePageLoads(url);
    },
    { capture: true },
  );
  // A click navigates within its own handlers (wouter's Link): once they have all run, a press
  // that led nowhere (a modified click, a release off the link) leaves nothing for later.
  window.addEventListener('click', () => window.setTimeout(dropPreparedAnswers, 0), { capture: true });
  window.addEventListener('pointercancel', dropPreparedAnswers);
}

/**
 * The address of another of our pages whose link this press will follow, if it is one. Touch is
 * left out: a finger that starts a scroll presses a link too, and on the results every card is
 * one — each scroll would fetch an ad nobody opens.
 */
function pressedPageLink(event: PointerEvent): URL | null {
  if (event.pointerType === 'touch' || event.button !== 0) return null;
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null;
  return pageKeyOf(url.pathname) === null ? null : url;
}
