/**
 * Pages one address may have rendering at the same moment. A person's browser loads one page at a
 * time (a few, with tabs opened at once); a flood from one address opens dozens of connections.
 * Without this bound the page-view limit would still let a minute's whole allowance (120) render
 * at once, and hold the server for seconds; with it, the rest of a burst is refused at once, and
 * counts against that allowance all the same.
 */
export const RENDERS_IN_FLIGHT_PER_ADDRESS = 4;

/** Renders under way per address; `enter` answers how to leave, or null when the address is at its bound. */
export function rendersInFlight(max = RENDERS_IN_FLIGHT_PER_ADDRESS) {
  const counts = new Map<string, number>();
  return {
    enter(address: string): (() => void) | null {
      const count = counts.get(address) ?? 0;
      if (count >= max) return null;
      counts.set(address, count + 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (counts.get(address) ?? 1) - 1;
        if (remaining > 0) counts.set(address, remaining);
        else counts.delete(address);
      };
    },
    /** Addresses with renders under way (tests: none is left behind). */
    get addresses() {
      return counts.size;
    },
  };
}
