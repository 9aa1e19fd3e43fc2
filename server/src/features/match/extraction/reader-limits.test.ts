import fs from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AllocationLimitError, GUARDED_CONSTRUCTORS, guardAllocations } from './allocation-guard.js';
import { extractText } from './cv-extract-worker.js';
import { ExtractionPool } from './extraction-pool.js';
import { pdfFontBomb } from '../fixtures/bad-files.js';
import { writeDocx } from '../fixtures/docx-writer.js';
import { writePdf } from '../fixtures/pdf-writer.js';
import { MAX_RAW_TEXT_CHARS, MAX_TEXT_CHARS } from './text-limits.js';

const MB = 1024 * 1024;

/** The kernel's peak resident size of this process; writing 5 to clear_refs restarts it from now. */
const peakRss = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
const resetPeakRss = () => fs.writeFileSync('/proc/self/clear_refs', '5');

describe('the allocation guard of the reader thread', () => {
  const originals = GUARDED_CONSTRUCTORS.map((name) => [name, globalThis[name]] as const);
  afterEach(() => {
    for (const [name, original] of originals)
      Object.defineProperty(globalThis, name, { value: original, writable: true, configurable: true });
  });

  it('refuses one buffer over the limit, counting bytes, not elements', () => {
    const guard = guardAllocations({ maxBytes: 8 * MB, maxTotalBytes: 64 * MB, countFromBytes: MB });
    expect(() => new Uint8Array(9 * MB)).toThrow(AllocationLimitError);
    expect(guard.tripped).toBe(true);
    guard.startJob();
    expect(guard.tripped).toBe(false);
    expect(() => new Float64Array(1.5 * MB)).toThrow(AllocationLimitError);
    expect(() => new ArrayBuffer(9 * MB)).toThrow(AllocationLimitError);
    expect(new Uint8Array(4 * MB).length).toBe(4 * MB);
  });

  it('refuses buffers beyond the total of one job, and starts counting again for the next', () => {
    const guard = guardAllocations({ maxBytes: 8 * MB, maxTotalBytes: 12 * MB, countFromBytes: MB });
    const first = new Uint8Array(5 * MB);
    new Uint8Array(5 * MB);
    expect(() => new Uint8Array(5 * MB)).toThrow(AllocationLimitError);
    // Small buffers are not counted, and views on an existing buffer allocate nothing.
    expect(new Uint8Array(1000).length).toBe(1000);
    expect(new Uint8Array(first.buffer, 0, 10).length).toBe(10);
    guard.startJob();
    expect(new Uint8Array(5 * MB).length).toBe(5 * MB);
  });

  it('leaves typed arrays working as before, and Node’s own buffers alone', () => {
    guardAllocations({ maxBytes: 8 * MB, maxTotalBytes: 12 * MB, countFromBytes: MB });
    const array = new Uint8Array([1, 2, 3]);
    expect(array).toBeInstanceOf(Uint8Array);
    expect(Uint8Array.from([4, 5]).length).toBe(2);
    expect(new (class extends Uint8Array {})(2)).toBeInstanceOf(Uint8Array);
    expect(Buffer.alloc(16 * MB).length).toBe(16 * MB);
  });
});

describe('the reader thread', () => {
  const pool = new ExtractionPool({ timeoutMs: 30_000, size: 1 });
  afterAll(() => pool.close());

  it(`hands back at most ${MAX_RAW_TEXT_CHARS} characters of a document with more text`, async () => {
    const line = 'Undersköterska med lång erfarenhet av vård och omsorg i Malmö. ';
    const docx = writeDocx(Array.from({ length: 5_000 }, (_, i) => `${i}: ${line}`).join('\n'));
    const text = await extractText('docx', docx);
    expect(text.length).toBeGreaterThan(MAX_TEXT_CHARS);
    expect(text.length).toBe(MAX_RAW_TEXT_CHARS);
  });

  it('reads a PDF whose font inflates to 512 MB without taking that memory', async () => {
    // Warm up: the worker started and pdf.js loaded.
    await pool.run('pdf', writePdf('Anna Andersson'));
    const bomb = await pdfFontBomb(512 * MB);
    expect(bomb.length).toBeLessThan(MB);
    resetPeakRss();
    const before = peakRss();
    const reply = await pool.run('pdf', bomb);
    // pdf.js falls back to a standard font when the embedded one cannot be read.
    expect(reply).toMatchObject({ ok: true, text: expect.stringContaining('Anna Andersson') });
    // Without the guard the decode alone takes the process past 1 GB more.
    expect(peakRss() - before).toBeLessThan(400 * MB);
  });
});
