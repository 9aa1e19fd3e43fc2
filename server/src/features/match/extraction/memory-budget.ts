/**
 * Memory shared by the jobs admitted at one time: each reserves its estimate up front and gives
 * it back when it ends, so the reservations never add up to more than the budget.
 */
export class MemoryBudget {
  private reservedBytes = 0;

  constructor(readonly budgetBytes: number) {}

  /** Reserves `bytes` if they fit; returns the function that gives them back (once), or null. */
  tryReserve(bytes: number): (() => void) | null {
    if (this.reservedBytes + bytes > this.budgetBytes) return null;
    this.reservedBytes += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.reservedBytes -= bytes;
    };
  }

  get reserved(): number {
    return this.reservedBytes;
  }
}
