/**
 * Caps the binary buffers (typed arrays and ArrayBuffers) that code may create in the CV reader
 * thread. Buffers live outside the V8 heap, so the worker's resourceLimits do not bound them, and
 * pdf.js decodes a compressed stream synchronously into one doubling Uint8Array: a 1 MB PDF whose
 * font stream inflates to 1 GB took the process past 2 GB, and no pdf.js option caps it. Refusing
 * buffers beyond the limits makes such a decode throw a RangeError instead; pdf.js then falls
 * back to a standard font, or the reading fails and the file is refused.
 *
 * Install only in a thread that runs nothing but the parsers: it replaces the global
 * constructors of that thread (Node's own Buffer allocations are not affected).
 */
export interface AllocationLimits {
  /** One buffer at most. */
  maxBytes: number;
  /** All buffers of at least `countFromBytes` created during one job, together. */
  maxTotalBytes: number;
  countFromBytes: number;
}

export interface AllocationGuard {
  /** Starts counting a new job. */
  startJob(): void;
  /** Whether a buffer was refused during the current job. */
  readonly tripped: boolean;
}

export class AllocationLimitError extends RangeError {
  override name = 'AllocationLimitError';
}

/** The global constructors replaced (a test puts the originals back). */
export const GUARDED_CONSTRUCTORS = [
  'ArrayBuffer',
  'SharedArrayBuffer',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
] as const;

type Constructor = new (...args: unknown[]) => object;

/** The bytes a `new X(...args)` allocates: none for a view on an existing buffer. */
function bytesRequested(target: Constructor, args: unknown[]): number {
  const first = args[0];
  const elementSize = (target as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
  if (typeof first === 'number') return first * elementSize;
  if (first instanceof ArrayBuffer || first instanceof SharedArrayBuffer) return 0;
  const length = (first as { length?: unknown } | null | undefined)?.length;
  return typeof length === 'number' ? length * elementSize : 0;
}

export function guardAllocations(limits: AllocationLimits): AllocationGuard {
  let total = 0;
  let tripped = false;
  const refuse = (message: string): never => {
    tripped = true;
    throw new AllocationLimitError(message);
  };
  for (const name of GUARDED_CONSTRUCTORS) {
    const original = globalThis[name] as unknown as Constructor;
    const guarded = new Proxy(original, {
      construct(target, args, newTarget) {
        const bytes = bytesRequested(target, args);
        if (bytes > limits.maxBytes) refuse(`a ${name} of ${bytes} bytes`);
        if (bytes >= limits.countFromBytes) {
          if (total + bytes > limits.maxTotalBytes) refuse(`${total + bytes} bytes of buffers`);
          total += bytes;
        }
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
    Object.defineProperty(globalThis, name, { value: guarded, writable: true, configurable: true });
  }
  return {
    startJob() {
      total = 0;
      tripped = false;
    },
    get tripped() {
      return tripped;
    },
  };
}
