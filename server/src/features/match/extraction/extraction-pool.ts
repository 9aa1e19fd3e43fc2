import { Worker } from 'node:worker_threads';
import type { AllocationLimits } from './allocation-guard.js';
import type { ExtractionReply, ExtractionRequest, ReaderWorkerData } from './cv-extract-worker.js';
import type { DocumentKind } from './document-type.js';
import { MemoryBudget } from './memory-budget.js';

/** The worker did not answer in time and was stopped. */
export class ExtractionTimeoutError extends Error {
  override name = 'ExtractionTimeoutError';
}
/** The worker died while reading (a parser crash). */
export class ExtractionCrashError extends Error {
  override name = 'ExtractionCrashError';
}
/** The worker reached its heap limit while reading and was stopped. */
export class ExtractionMemoryError extends Error {
  override name = 'ExtractionMemoryError';
}
/** The queue is full, or the job does not fit in what the running and waiting jobs leave of the memory budget. */
export class ExtractionBusyError extends Error {
  override name = 'ExtractionBusyError';
  constructor(
    message: string,
    /** When asking again makes sense: by then at least one running job has ended. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export interface ExtractionPoolOptions {
  timeoutMs: number;
  /** Worker threads at most (default 2: CV uploads are rare next to searches). */
  size?: number;
  /** Jobs that may wait for a worker before new ones are turned away. */
  maxQueue?: number;
  /** The worker script; tests pass a misbehaving one. */
  workerUrl?: URL;
  /** Old-generation heap of one worker; a parser blow-up ends that worker, not the server. */
  maxHeapMb?: number;
  /** Memory all admitted jobs may reserve together (default 256 MB). */
  memoryBudgetMb?: number;
  /** Binary buffers one job may create (see allocation-guard.ts). */
  allocationLimits?: AllocationLimits;
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
  /** When the running job's time limit ends (null while none runs). */
  deadline: number | null;
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

/** The young generation of a worker, on top of maxHeapMb (V8 default for a 64-bit heap this size). */
const YOUNG_GENERATION_MB = 16;
const MB = 1024 * 1024;

export const DEFAULT_ALLOCATION_LIMITS: AllocationLimits = {
  maxBytes: 32 * MB,
  maxTotalBytes: 64 * MB,
  countFromBytes: MB,
};

/**
 * From TypeScript sources the worker also runs tsx, which loads pdf.js through its transform and
 * holds about 200 MB of heap for it that the built server never needs; tests and `tsx` runs get
 * that on top, so what is left for reading a file is what the built server has.
 */
const TS_LOADER_HEAP_MB = 256;

function spawn(url: URL, maxHeapMb: number, data: ReaderWorkerData): Worker {
  const fromSources = url.pathname.endsWith('.ts');
  const resourceLimits = {
    maxOldGenerationSizeMb: maxHeapMb + (fromSources ? TS_LOADER_HEAP_MB : 0),
    maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
  };
  const worker = fromSources
    ? new Worker(TS_BOOTSTRAP, { eval: true, workerData: { ...data, entry: url.href }, resourceLimits })
    : new Worker(url, { workerData: data, resourceLimits });
  // An idle worker must not keep the process alive at shutdown.
  worker.unref();
  return worker;
}

const isOutOfMemory = (error: unknown) => (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * A small pool of worker threads that read CV files. Each job has a time limit; a worker that
 * overruns it is terminated (the only way to stop synchronous parser code) and replaced.
 *
 * Memory: each worker's heap is capped (resourceLimits) and so are the buffers one job may create
 * (allocation-guard.ts), so one job holds at most `ceilingBytes`. On top of that all admitted
 * jobs, running or waiting for a worker, share a budget: a job reserves its estimate (the
 * caller's, from the file size or a .docx's declared unpacked sizes, never above the ceiling)
 * and gives it back when it ends. A job that does not fit is turned away at once with a
 * Retry-After, not queued: only big files or a flood of them get there, holding their uploads
 * while memory is short would make things worse, and a short wait would seldom help when one
 * reading may take up to the time limit.
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
  private readonly budget: MemoryBudget;
  private readonly allocationLimits: AllocationLimits;
  /** The most one job can hold: its heap and its buffers (never more than the whole budget). */
  readonly ceilingBytes: number;

  constructor(private readonly options: ExtractionPoolOptions) {
    this.size = options.size ?? 2;
    this.maxQueue = options.maxQueue ?? 8;
    this.workerUrl = options.workerUrl ?? DEFAULT_WORKER;
    this.maxHeapMb = options.maxHeapMb ?? 128;
    this.budget = new MemoryBudget((options.memoryBudgetMb ?? 256) * MB);
    this.allocationLimits = options.allocationLimits ?? DEFAULT_ALLOCATION_LIMITS;
    this.ceilingBytes = Math.min(
      this.budget.budgetBytes,
      (this.maxHeapMb + YOUNG_GENERATION_MB) * MB + this.allocationLimits.maxTotalBytes,
    );
  }

  /** Reads one file; `estimatedBytes` is what reading it may take (capped at the ceiling). */
  run(kind: DocumentKind, bytes: Uint8Array, estimatedBytes = 0): Promise<ExtractionReply> {
    if (this.closed) return Promise.reject(new ExtractionBusyError('the pool is closed', 1));
    const idle = [...this.slots].find((slot) => slot.job === null);
    if (!idle && this.slots.size >= this.size && this.queue.length >= this.maxQueue)
      return Promise.reject(new ExtractionBusyError('all CV readers are busy', this.retryAfterSeconds()));
    const release = this.budget.tryReserve(Math.min(this.ceilingBytes, Math.max(0, estimatedBytes)));
    if (!release)
      return Promise.reject(new ExtractionBusyError('over the memory budget', this.retryAfterSeconds()));
    return new Promise((resolve, reject) => {
      const job: Job = {
        kind,
        bytes,
        resolve(reply) {
          release();
          resolve(reply);
        },
        reject(error) {
          release();
          reject(error);
        },
      };
      if (idle) this.dispatch(idle, job);
      else if (this.slots.size < this.size) this.dispatch(this.createSlot(), job);
      else this.queue.push(job);
    });
  }

  /** Reader threads reading a file now. */
  get busy(): number {
    let busy = 0;
    for (const slot of this.slots) if (slot.job !== null) busy++;
    return busy;
  }

  /** Memory reserved by the jobs admitted now. */
  get reserved(): number {
    return this.budget.reserved;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ExtractionBusyError('the pool is closed', 1));
    await Promise.all(
      [...this.slots].map((slot) => this.retire(slot, new ExtractionBusyError('the pool is closed', 1))),
    );
  }

  /** Seconds until the first running job ends at the latest (its time limit), at least 1. */
  private retryAfterSeconds(): number {
    const deadlines = [...this.slots].flatMap((slot) => (slot.deadline === null ? [] : [slot.deadline]));
    const untilFirst = deadlines.length > 0 ? Math.min(...deadlines) - Date.now() : this.options.timeoutMs;
    return Math.max(1, Math.ceil(untilFirst / 1000));
  }

  private createSlot(): Slot {
    const slot: Slot = {
      worker: spawn(this.workerUrl, this.maxHeapMb, { allocationLimits: this.allocationLimits }),
      ready: false,
      job: null,
      timer: null,
      deadline: null,
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
    slot.worker.on('error', (error) => {
      const reason = isOutOfMemory(error)
        ? new ExtractionMemoryError('the CV reader ran out of memory')
        : new ExtractionCrashError('the CV reader crashed');
      void this.retire(slot, reason);
    });
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
    slot.deadline = Date.now() + this.options.timeoutMs;
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
    slot.deadline = null;
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
