import { useEffect, useState } from 'react';
import { pageRenderedAt } from './prefetched-answers';

/** Relative labels count minutes at the finest, so a minute's tick keeps them true. */
const TICK_MS = 60_000;

/**
 * The time the freshness labels are computed from: Date.now() when the component first renders in
 * the browser, renewed every minute while it stays on screen. Read at render, never stored with
 * the data, so cached API answers and pages stay valid as time passes, and a browser test fixes
 * it with Playwright's page.clock (which replaces Date). A server-rendered page starts from the
 * moment the server rendered it (the browser's first render must match the HTML), then moves on.
 */
export function useFreshnessNow(): number {
  const [now, setNow] = useState(() => pageRenderedAt() ?? Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    // Right after hydration the server's moment gives way to the browser's own.
    const catchUp = setTimeout(tick, 0);
    const timer = setInterval(tick, TICK_MS);
    return () => {
      clearTimeout(catchUp);
      clearInterval(timer);
    };
  }, []);
  return now;
}
