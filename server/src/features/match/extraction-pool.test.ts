import { afterEach, describe, expect, it } from 'vitest';
import {
  ExtractionBusyError,
  ExtractionCrashError,
  ExtractionPool,
  ExtractionTimeoutError,
} from './extraction-pool.js';

const misbehaving = new URL('./fixtures/misbehaving-worker.ts', import.meta.url);
const bytes = new Uint8Array([1, 2, 3]);

describe('ExtractionPool', () => {
  let pool: ExtractionPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('stops a worker stuck in a loop at the time limit, and the next job gets a fresh worker', async () => {
    pool = new ExtractionPool({ timeoutMs: 1_500, size: 1, workerUrl: misbehaving });
    // Starting a worker is not part of the limit: warm it up first, then time the stuck job alone.
    await pool.run('doc', bytes);
    const started = Date.now();
    await expect(pool.run('pdf', bytes)).rejects.toBeInstanceOf(ExtractionTimeoutError);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1_400);
    expect(waited).toBeLessThan(4_500);
    await expect(pool.run('doc', bytes)).resolves.toEqual({
      id: expect.any(Number),
      ok: true,
      text: 'svar från arbetaren',
    });
  });

  it('keeps the event loop free while a worker spins', async () => {
    pool = new ExtractionPool({ timeoutMs: 1_500, size: 1, workerUrl: misbehaving });
    const stuck = pool.run('pdf', bytes).catch((error: unknown) => error);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    await stuck;
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
  });

  it('reports a worker that dies as a crash and recovers', async () => {
    pool = new ExtractionPool({ timeoutMs: 10_000, size: 1, workerUrl: misbehaving });
    await expect(pool.run('docx', bytes)).rejects.toBeInstanceOf(ExtractionCrashError);
    await expect(pool.run('doc', bytes)).resolves.toMatchObject({ ok: true });
  });

  it('queues jobs beyond its workers and turns away what the queue cannot hold', async () => {
    pool = new ExtractionPool({ timeoutMs: 1_500, size: 1, maxQueue: 1, workerUrl: misbehaving });
    const first = pool.run('pdf', bytes).catch((error: unknown) => error);
    const queued = pool.run('doc', bytes);
    await expect(pool.run('doc', bytes)).rejects.toBeInstanceOf(ExtractionBusyError);
    expect(await first).toBeInstanceOf(ExtractionTimeoutError);
    await expect(queued).resolves.toMatchObject({ ok: true });
  });
});
