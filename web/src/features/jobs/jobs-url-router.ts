import type { Router } from 'instantsearch.js';
import { JOBS_PATH, jobsHref, parseJobsQuery, type JobsRoute } from '../../lib/jobs-url-state';
import { keepNewSince } from './new-since';

/** Coalesces the few state changes one click can cause into one history entry. */
const WRITE_DELAY_MS = 80;

export const currentUrl = (): string => `${window.location.pathname}${window.location.search}`;

/**
 * Keeps InstantSearch's state in /jobb's query string under our own parameter names. Written here
 * rather than with InstantSearch's history router because that one can rewrite the URL while the
 * app navigates away, and it does not notice the app's own (wouter) navigations to /jobb.
 * `entryRoute` is the resolved search of the address the page was opened with (see
 * use-entry-route.ts): InstantSearch reads it once, at the start — on the server, which has no
 * window, as in the browser. Later changes of the address come through onUpdate.
 */
export function createJobsUrlRouter(entryRoute: JobsRoute): Router<JobsRoute> {
  // Rendered on the server: nothing to listen to and no address bar to write.
  if (typeof window === 'undefined') {
    return {
      $$type: 'jobbportalen.jobsUrl',
      read: () => entryRoute,
      write: () => undefined,
      createURL: jobsHref,
      onUpdate: () => undefined,
      dispose: () => undefined,
    };
  }
  // The URL we last wrote or handled, so our own history events are not mistaken for navigation.
  let knownUrl = currentUrl();
  let pendingWrite: number | undefined;
  let listener: (() => void) | null = null;
  // InstantSearch still hands its emptied state to the router after disposing it (the page left
  // /jobb): written 80 ms later, it would replace a search the visitor came back to in between.
  let disposed = false;

  const cancelPendingWrite = (): void => {
    window.clearTimeout(pendingWrite);
    pendingWrite = undefined;
  };

  return {
    $$type: 'jobbportalen.jobsUrl',

    read: () => entryRoute,

    write(route) {
      if (disposed) return;
      cancelPendingWrite();
      pendingWrite = window.setTimeout(() => {
        pendingWrite = undefined;
        // The visitor may have left /jobb meanwhile (clicked a job): never touch another page's URL.
        if (window.location.pathname !== JOBS_PATH) return;
        const next = keepNewSince(jobsHref(route));
        if (next === currentUrl()) return;
        knownUrl = next;
        window.history.pushState(null, '', next);
      }, WRITE_DELAY_MS);
    },

    createURL: jobsHref,

    onUpdate(callback) {
      listener = () => {
        if (window.location.pathname !== JOBS_PATH || currentUrl() === knownUrl) return;
        knownUrl = currentUrl();
        cancelPendingWrite();
        callback(parseJobsQuery(window.location.search));
      };
      // popstate: back/forward. pushState: the app's own links to /jobb (wouter announces them).
      window.addEventListener('popstate', listener);
      window.addEventListener('pushState', listener);
    },

    dispose() {
      disposed = true;
      cancelPendingWrite();
      if (listener) {
        window.removeEventListener('popstate', listener);
        window.removeEventListener('pushState', listener);
      }
    },
  };
}
