/**
 * Answers that stay the same for the whole visit (the site config, the filter lists): fetched at
 * most once per page load however many components ask, and readable synchronously once settled,
 * so a component mounted later starts with the answer instead of a loading state. Everything else
 * is fetched fresh: an admin's edit must show on the next visit of the start page.
 */
export interface PageCache<K, T> {
  load(key: K): Promise<T>;
  /** The settled answer, or undefined while it is unknown. */
  peek(key: K): T | undefined;
  /** Calls `listener` whenever an answer settles (the shape useSyncExternalStore wants). */
  subscribe(listener: () => void): () => void;
}

/**
 * The API paths whose answers a page cache holds, or is fetching, for the rest of the visit: a
 * navigation does not fetch those again for its page (app/page-loaders.ts).
 */
const heldPaths = new Set<string>();

/** Whether the visit already holds (or is fetching) the answer of this public GET path. */
export const isHeldForVisit = (path: string): boolean => heldPaths.has(path);

/**
 * `fetchAnswer` should turn a failure into the fallback the page lives with (defaults, an empty
 * list); if it rejects anyway, nothing is kept and the next `load` asks again. `prefetched` reads
 * the answer a server-rendered page came with (see prefetched-answers.ts), so the first render —
 * on the server and in the browser alike — already has it. `pathOf` names the API path a key's
 * answer comes from, for `isHeldForVisit`.
 */
export function pageCache<K, T>(
  fetchAnswer: (key: K) => Promise<T>,
  prefetched?: (key: K) => T | undefined,
  pathOf?: (key: K) => string,
): PageCache<K, T> {
  const pending = new Map<K, Promise<T>>();
  const settled = new Map<K, T>();
  const listeners = new Set<() => void>();

  return {
    load(key) {
      let answer = pending.get(key);
      const came = answer || settled.has(key) ? undefined : prefetched?.(key);
      if (came !== undefined) {
        settled.set(key, came);
        answer = Promise.resolve(came);
        pending.set(key, answer);
      }
      if (!answer) {
        answer = fetchAnswer(key).then(
          (value) => {
            settled.set(key, value);
            listeners.forEach((listener) => listener());
            return value;
          },
          (error: unknown) => {
            pending.delete(key);
            if (pathOf) heldPaths.delete(pathOf(key));
            throw error;
          },
        );
        pending.set(key, answer);
      }
      if (pathOf) heldPaths.add(pathOf(key));
      return answer;
    },
    peek(key) {
      if (settled.has(key)) return settled.get(key);
      const came = prefetched?.(key);
      // Kept in the browser (the same object on every read, as useSyncExternalStore needs); never
      // on the server, where the answers belong to one render.
      if (came !== undefined && typeof window !== 'undefined') {
        settled.set(key, came);
        if (pathOf) heldPaths.add(pathOf(key));
      }
      return came;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
