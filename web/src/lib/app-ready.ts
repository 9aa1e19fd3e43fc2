import { useEffect, useSyncExternalStore } from 'react';

let whenCommitted: (() => void) | null = null;

/** main.tsx: what to run once the app's screen has taken over the page (see AppCommitted). */
export function onAppCommitted(run: () => void): void {
  whenCommitted = run;
}

const noSubscription = () => () => undefined;

/**
 * Rendered last inside the boundary that holds a screen: React hydrates a Suspense boundary's
 * content after the rest of the page, and after hydration renders again every part that reads a
 * value only the browser has (useSyncExternalStore's two snapshots, e.g. useScripted). This reads
 * one too, so its effect runs once the screen itself has hydrated and that render has committed.
 */
export function AppCommitted(): null {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  useEffect(() => {
    if (inBrowser) whenCommitted?.();
  }, [inBrowser]);
  return null;
}
