/**
 * How many pages one address may have rendering at the same moment: two seconds' worth of its
 * page views (RATE_LIMIT_PAGEVIEWS_PER_IP a minute; 4 at the default 120), at least one. A
 * person's browser loads one page at a time (a few, with tabs opened at once); a flood from one
 * address opens dozens of connections. Without this bound the page-view limit would still let a
 * minute's whole allowance render at once and hold the server for seconds; with it, the rest of a
 * burst is refused at once (and counts against that allowance all the same). Derived rather than
 * a setting of its own: whoever relaxes the page views (tests, a load bench) relaxes this too.
 */
export function rendersInFlightBound(pageViewsPerMinute: number): number {
  return Math.max(1, Math.ceil((pageViewsPerMinute * 2) / 60));
}

/** Renders under way per address; `enter` answers how to leave, or null when the address is at `max`. */
export function rendersInFlight(max: number) {
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
  };
}
