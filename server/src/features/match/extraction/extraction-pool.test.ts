import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.js';
import { CV_MESSAGES, readCvText } from './cv-text.js';
import {
  ExtractionBusyError,
  ExtractionCrashError,
  ExtractionMemoryError,
  ExtractionPool,
  ExtractionTimeoutError,
} from './extraction-pool.js';

const misbehaving = new URL('../fixtures/misbehaving-worker.ts', import.meta.url);
const bytes = new Uint8Array([1, 2, 3]);
const greedy = new TextEncoder().encode('ALLOCATE');
const MB = 1024 * 1024;

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

  it('reports a worker stopped at its heap limit as out of memory, and a fresh worker takes the next job', async () => {
    pool = new ExtractionPool({ timeoutMs: 30_000, size: 1, maxHeapMb: 32, workerUrl: misbehaving });
    await expect(pool.run('doc', greedy)).rejects.toBeInstanceOf(ExtractionMemoryError);
    await expect(pool.run('doc', bytes)).resolves.toMatchObject({ ok: true });
    expect(pool.reserved).toBe(0);
  });

  it('turns that into a 422 with a Swedish message, not a crash', async () => {
    pool = new ExtractionPool({ timeoutMs: 30_000, size: 1, maxHeapMb: 32, workerUrl: misbehaving });
    const doc = fs.readFileSync(new URL('../fixtures/cvs/sv-snickare-vasteras.doc', import.meta.url));
    const error = await readCvText(pool, Buffer.concat([doc, greedy])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 422, message: CV_MESSAGES.tooDemanding });
  });

  it('admits jobs only while their estimates fit the memory budget, and tells when to come back', async () => {
    pool = new ExtractionPool({
      timeoutMs: 2_000,
      size: 2,
      memoryBudgetMb: 100,
      maxHeapMb: 32,
      workerUrl: misbehaving,
    });
    // A stuck reading holds 70 MB of the budget until its time limit.
    const stuck = pool.run('pdf', bytes, 70 * MB).catch((error: unknown) => error);
    const refused = await pool.run('doc', bytes, 40 * MB).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ExtractionBusyError);
    expect((refused as ExtractionBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as ExtractionBusyError).retryAfterSeconds).toBeLessThanOrEqual(2);
    // A small file still fits beside it.
    await expect(pool.run('doc', bytes, 20 * MB)).resolves.toMatchObject({ ok: true });
    expect(await stuck).toBeInstanceOf(ExtractionTimeoutError);
    // The stopped job gave its share back.
    expect(pool.reserved).toBe(0);
    await expect(pool.run('doc', bytes, 40 * MB)).resolves.toMatchObject({ ok: true });
  });

  it('reserves at most the ceiling, so a file estimated above the budget is still read when alone', async () => {
    pool = new ExtractionPool({ timeoutMs: 5_000, size: 1, memoryBudgetMb: 100, workerUrl: misbehaving });
    expect(pool.ceilingBytes).toBeLessThanOrEqual(100 * MB);
    await expect(pool.run('doc', bytes, 10_000 * MB)).resolves.toMatchObject({ ok: true });
  });
});
