import { describe, expect, it } from 'vitest';
import { createRequestPacer } from './request-pacer.js';

function virtualClock() {
  let time = 1_000_000;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
    advance: (ms: number) => (time += ms),
    sleeps,
  };
}

describe('createRequestPacer', () => {
  it('lets the first request through and spaces the next ones by the interval', async () => {
    const clock = virtualClock();
    const pacer = createRequestPacer(60_000, clock.now, clock.sleep);
    await pacer.waitForTurn();
    clock.advance(15_000);
    expect(pacer.msUntilNextSlot()).toBe(45_000);
    await pacer.waitForTurn();
    expect(clock.sleeps).toEqual([45_000]);
  });

  it('does not wait once the interval has passed on its own', async () => {
    const clock = virtualClock();
    const pacer = createRequestPacer(60_000, clock.now, clock.sleep);
    await pacer.waitForTurn();
    clock.advance(90_000);
    await pacer.waitForTurn();
    expect(clock.sleeps).toEqual([]);
  });

  it('queues concurrent callers one interval apart', async () => {
    const clock = virtualClock();
    const waits: number[] = [];
    const pacer = createRequestPacer(1000, clock.now, async (ms) => {
      waits.push(ms);
    });
    await Promise.all([pacer.waitForTurn(), pacer.waitForTurn(), pacer.waitForTurn()]);
    expect(waits).toEqual([1000, 2000]);
  });

  it('refuses to book a slot for an already aborted signal', async () => {
    const clock = virtualClock();
    const pacer = createRequestPacer(1000, clock.now, clock.sleep);
    await expect(pacer.waitForTurn(AbortSignal.abort(new Error('stop')))).rejects.toThrow('stop');
    expect(pacer.msUntilNextSlot()).toBe(0);
  });
});
