/**
 * What `react` resolves to in the web build (see vite.config.ts): Preact's React compatibility
 * layer, with one difference. React renders `useSyncExternalStore`'s server snapshot on the server
 * and while hydrating, then switches to the browser's own value; preact/compat always reads the
 * browser's value, which on the server does not exist (window.location) and while hydrating would
 * not match the HTML (a logged-in visitor, a remembered search). Here the server snapshot is used
 * in both cases, and the browser's value takes over right after, as in React. And useId (below)
 * stays unique for what mounts after hydration.
 */
import { options } from 'preact';
import compat, {
  useId as compatUseId,
  useState,
  useSyncExternalStore as compatUseSyncExternalStore,
} from 'preact/compat';
import { isHydrating } from './hydration-phase';

// JavaScript, not TypeScript: preact/compat's types are written as `export =`, which TypeScript
// cannot re-export with `export *`; the app's own code keeps React's types.
export * from 'preact/compat';
export default compat;

const onServer = typeof window === 'undefined';

/**
 * @template T
 * @param {(onChange: () => void) => () => void} subscribe
 * @param {() => T} getSnapshot
 * @param {() => T} [getServerSnapshot]
 * @returns {T}
 */
export function useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot) {
  const read =
    getServerSnapshot === undefined
      ? getSnapshot
      : // Asked again after hydration (compat checks in an effect): then the browser's value.
        () => (onServer || isHydrating() ? getServerSnapshot() : getSnapshot());
  return compatUseSyncExternalStore(subscribe, read);
}

/**
 * When effects run. React runs them in a task of their own right after a render commits (its
 * scheduler posts a message); Preact by default waits for the next animation frame. React's
 * timing is kept: effects then run in a tab in the background too, and a page whose clock is
 * stopped (a browser test's fake timers) still runs them — animation frames are timers there.
 */
if (typeof window !== 'undefined' && typeof MessageChannel !== 'undefined') {
  const channel = new MessageChannel();
  /** @type {Array<() => void>} */
  let waiting = [];
  channel.port1.onmessage = () => {
    const due = waiting;
    waiting = [];
    due.forEach((run) => run());
  };
  options.requestAnimationFrame = (run) => {
    waiting.push(run);
    if (waiting.length === 1) channel.port2.postMessage(null);
  };
}

let clientIds = 0;

/**
 * Preact's useId numbers ids by place in the tree, the same on the server and while hydrating —
 * but a component mounted after hydration (the logged-in 'Spara sökning' form taking the visitor's
 * place) can get an id the page already has ('P0-0' twice), and a label then names another element.
 * Such a component gets an id from a counter of its own instead; ids the server rendered are kept.
 * Both hooks are called every time, so the hook order never changes.
 *
 * @returns {string}
 */
export function useId() {
  const placeId = compatUseId();
  const [clientId] = useState(() => (onServer || isHydrating() ? null : `C${++clientIds}`));
  return clientId ?? placeId;
}
