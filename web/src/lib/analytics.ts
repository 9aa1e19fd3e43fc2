/**
 * Page-view events, one per route change. We send the path only — never the query string,
 * which can hold search terms a visitor typed — and the referrer reduced the same way.
 */
import type { PageViewBody } from '@jobbportalen/contracts/api/analytics';

export type PageView = PageViewBody;

/** '/jobb/123?x=1#y' → '/jobb/123'. */
export function pathOnly(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  return path || '/';
}

/**
 * The referrer of the first page view, from `document.referrer`: our own pages give their path,
 * another site gives only its origin (where the visitor came from, nothing about what they did).
 */
export function initialReferrer(documentReferrer: string, ownOrigin: string): string {
  if (!documentReferrer) return '';
  try {
    const url = new URL(documentReferrer);
    return url.origin === ownOrigin ? url.pathname : url.origin;
  } catch {
    return '';
  }
}

function post(url: string, view: PageView, contentType: string): void {
  const body = JSON.stringify(view);
  // sendBeacon survives the page being closed; fetch+keepalive is the fallback where it is missing
  // or refuses (it returns false when its queue is full).
  const queued =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(url, new Blob([body], { type: contentType }));
  if (!queued) {
    fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': contentType } }).catch(
      () => undefined,
    );
  }
}

/** Fire-and-forget: analytics must never break or slow down the page. */
export function sendPageView(view: PageView, analyticsUrl: string | null): void {
  try {
    post('/api/analytics/pageview', view, 'application/json');
    // text/plain keeps the cross-origin beacon a "simple" request, which needs no CORS preflight.
    if (analyticsUrl) post(analyticsUrl, view, 'text/plain');
  } catch {
    // Ignore: a blocked beacon is not the visitor's problem.
  }
}
