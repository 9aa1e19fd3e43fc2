import { Worker } from 'node:worker_threads';
import type { ExtractionReply, ExtractionRequest } from './cv-extract-worker.js';
import type { DocumentKind } from './document-type.js';

/** The worker did not answer in time and was stopped. */
export class ExtractionTimeoutError extends Error {
  override name = 'ExtractionTimeoutError';
}
/** The worker died while reading (out of memory, a parser crash). */
export class ExtractionCrashError extends Error {
  override name = 'ExtractionCrashError';
}
/** Every worker is busy and the queue is full. */
export class ExtractionBusyError extends Error {
  override name = 'ExtractionBusyError';
}

export interface ExtractionPoolOptions {
  timeoutMs: number;
  /** Worker threads at most (default 2: CV uploads are rare next to searches). */
  size?: number;
  /** Jobs that may wait for a worker before new ones are turned away. */
  maxQueue?: number;
  /** The worker script; tests pass a misbehaving one. */
  workerUrl?: URL;
  /** Heap of one worker; a decompression or parser blow-up ends that worker, not the server. */
  maxHeapMb?: number;
}

interface Job {
  kind: DocumentKind;
  bytes: Uint8Array;
  resolve(reply: ExtractionReply): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded its parsers (it says so with `{ ready: true }`). */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** Loading the parsers (and, from TypeScript sources, compiling them) is not the file's fault. */
const STARTUP_TIMEOUT_MS = 60_000;

const DEFAULT_WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './cv-extract-worker.ts' : './cv-extract-worker.js',
  import.meta.url,
);

// Tests and `tsx` run this file from its TypeScript source; a worker thread does not inherit the
// parent's loader, so it registers tsx itself before importing the worker module.
const TS_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

function spawn(url: URL, maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 };
  const worker = url.pathname.endsWith('.ts')
    ? new Worker(TS_BOOTSTRAP, { eval: true, workerData: { entry: url.href }, resourceLimits })
    : new Worker(url, { resourceLimits });
  // An idle worker must not keep the process alive at shutdown.
  worker.unref();
  return worker;
}

/**
 * A small pool of worker threads that read CV files. Each job has a time limit; a worker that
 * overruns it is terminated (the only way to stop synchronous parser code) and replaced.
 */
export class ExtractionPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly size: number;
  private readonly maxQueue: number;
  private readonly workerUrl: URL;
  private readonly maxHeapMb: number;

  constructor(private readonly options: ExtractionPoolOptions) {
    this.size = options.size ?? 2;
    this.maxQueue = options.maxQueue ?? 8;
    this.workerUrl = options.workerUrl ?? DEFAULT_WORKER;
    this.maxHeapMb = options.maxHeapMb ?? 256;
  }

  run(kind: DocumentKind, bytes: Uint8Array): Promise<ExtractionReply> {
    if (this.closed) return Promise.reject(new ExtractionBusyError('the pool is closed'));
    return new Promise((resolve, reject) => {
      const job: Job = { kind, bytes, resolve, reject };
      const idle = [...this.slots].find((slot) => slot.job === null);
      if (idle) this.dispatch(idle, job);
      else if (this.slots.size < this.size) this.dispatch(this.createSlot(), job);
      else if (this.queue.length < this.maxQueue) this.queue.push(job);
      else reject(new ExtractionBusyError('all CV readers are busy'));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ExtractionBusyError('the pool is closed'));
    await Promise.all(
      [...this.slots].map((slot) => this.retire(slot, new ExtractionBusyError('the pool is closed'))),
    );
  }

  private createSlot(): Slot {
    const slot: Slot = {
      worker: spawn(this.workerUrl, this.maxHeapMb),
      ready: false,
      job: null,
      timer: null,
    };
    this.slots.add(slot);
    slot.timer = setTimeout(
      () => void this.retire(slot, new ExtractionCrashError('the CV reader did not start')),
      STARTUP_TIMEOUT_MS,
    ).unref();
    slot.worker.on('message', (message: ExtractionReply | { ready: true }) => {
      if ('ready' in message) this.started(slot);
      else this.finish(slot, message);
    });
    slot.worker.on('error', () => void this.retire(slot, new ExtractionCrashError('the CV reader crashed')));
    slot.worker.on('exit', () => void this.retire(slot, new ExtractionCrashError('the CV reader stopped')));
    return slot;
  }

  private started(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.ready = true;
    if (slot.job) this.send(slot, slot.job);
    else slot.worker.unref();
  }

  private dispatch(slot: Slot, job: Job) {
    slot.job = job;
    slot.worker.ref();
    if (slot.ready) this.send(slot, job);
  }

  /** The time limit runs from here: only the reading of the file counts. */
  private send(slot: Slot, job: Job) {
    slot.timer = setTimeout(
      () => void this.retire(slot, new ExtractionTimeoutError('reading the CV took too long')),
      this.options.timeoutMs,
    );
    // A copy we own can be transferred to the worker instead of being cloned.
    const bytes = new Uint8Array(job.bytes);
    const request: ExtractionRequest = { id: this.nextId++, kind: job.kind, bytes };
    slot.worker.postMessage(request, [bytes.buffer]);
  }

  private finish(slot: Slot, reply: ExtractionReply) {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    job?.resolve(reply);
    this.next(slot);
  }

  /** Stops a worker (overrun, crashed or closing), fails its job and lets a fresh one take the queue. */
  private async retire(slot: Slot, reason: Error) {
    if (!this.slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job?.reject(reason);
    slot.job = null;
    await slot.worker.terminate().catch(() => undefined);
    const waiting = this.queue.shift();
    if (waiting && !this.closed) this.dispatch(this.createSlot(), waiting);
  }

  private next(slot: Slot) {
    const waiting = this.queue.shift();
    if (waiting) this.dispatch(slot, waiting);
  }
}
