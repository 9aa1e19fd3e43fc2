/**
 * Whether the browser is hydrating a server-rendered page right now: Preact hydrates synchronously
 * inside one call (main.tsx marks it), so a flag is enough.
 */
let hydrating = false;

export const isHydrating = (): boolean => hydrating;

/** Runs `hydrate` with the flag set. */
export function duringHydration<T>(hydrate: () => T): T {
  hydrating = true;
  try {
    return hydrate();
  } finally {
    hydrating = false;
  }
}
