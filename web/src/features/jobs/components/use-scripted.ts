import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * Whether this render runs with JavaScript: false in the server's HTML and in the hydrating render
 * that must match it, true right after (and at once in a browser-only render, so a client-side
 * navigation shows no flash). Markup that only works with scripts — a toggle that hides controls
 * — applies only when this is true, so a page used without JavaScript keeps every control reachable.
 */
export const useScripted = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** A plain left click, which the page handles itself; any modifier opens the link as links do. */
export const isPlainClick = (event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
