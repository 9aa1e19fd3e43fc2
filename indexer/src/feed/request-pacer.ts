import type { Sleep } from './abortable-sleep.js';

export interface RequestPacer {
  /** Waits until this caller may send a request, and books the slot. */
  waitForTurn(signal?: AbortSignal): Promise<void>;
  /** How long a request made now would have to wait. */
  msUntilNextSlot(): number;
}

/**
 * JobStream answers 429 to more than one request a minute, so every request of a client, retries
 * included, starts at least `minIntervalMs` after the previous one. The slot is booked before
 * waiting so that concurrent callers queue up instead of all waking at the same moment. A slot whose
 * waiter is aborted stays booked: erring on the slow side is what the rate limit wants.
 */
export function createRequestPacer(minIntervalMs: number, now: () => number, sleep: Sleep): RequestPacer {
  let nextSlotAt = Number.NEGATIVE_INFINITY;
  return {
    async waitForTurn(signal) {
      signal?.throwIfAborted();
      const current = now();
      const slot = Math.max(current, nextSlotAt);
      nextSlotAt = slot + minIntervalMs;
      if (slot > current) await sleep(slot - current, signal);
    },
    msUntilNextSlot() {
      return Math.max(0, nextSlotAt - now());
    },
  };
}
