import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { initialReferrer, sendPageView } from '../lib/analytics';
import { loadConfig } from '../lib/config';

/**
 * Sends one page-view per route change (path changes only: filter changes on /jobb rewrite the
 * query string and are not new pages). The referrer is the previous path inside the app.
 */
export function PageViewTracker() {
  const [path] = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    // React's StrictMode runs effects twice in development; one path is one page view.
    if (previousPath.current === path) return;
    const referrer = previousPath.current ?? initialReferrer(document.referrer, window.location.origin);
    previousPath.current = path;
    // The optional external collector is named in /api/config; wait for it (cached after the first load).
    void loadConfig().then((config) => sendPageView({ path, referrer }, config.analyticsUrl));
  }, [path]);

  return null;
}
