import { useEffect, useState } from 'react';

/** Relative labels count minutes at the finest, so a minute's tick keeps them true. */
const TICK_MS = 60_000;

/**
 * The time the freshness labels are computed from: Date.now() when the component first renders in
 * the browser, renewed every minute while it stays on screen. Read at render, never stored with
 * the data, so cached API answers and pages stay valid as time passes, and a browser test fixes
 * it with Playwright's page.clock (which replaces Date).
 */
export function useFreshnessNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
