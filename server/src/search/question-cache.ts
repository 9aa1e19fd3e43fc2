/**
 * The question cache: answers of identical normalised search questions, shared by the search
 * proxy and /api/jobs (one per server process). On a job board most searches repeat (browse
 * mode, the popular categories and cities, the same few hundred texts), so a few seconds of
 * memory takes most of the load off Meilisearch.
 *
 * - An answer is kept `ttlMs` at most, and only while the search generation it was asked under
 *   is still the current one (search-generation.ts): once a delivered change is searchable, no
 *   answer from before it is given out again.
 * - Concurrent identical questions share one Meilisearch call (the pending answer is the entry).
 *   A question asked after the generation moved does not join a call started before.
 * - Memory is bounded by `maxEntries` answers and `maxBytes` (least recently used leave first).
 * - Failures are not kept: the next question asks again; nor is an answer `keep` turns down
 *   (e.g. a page built from a refusal), though questions that joined its pending call get it.
 */
export interface QuestionCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Bytes of answers held at most (answers report their size; others count `defaultSize`). */
  maxBytes?: number;
  /**
   * The search generation as of the question (search-generation.ts); null: unknown, so the
   * question is asked afresh.
   */
  generation?: () => Promise<string | null> | string | null;
  /** Told how many questions were answered from the cache and how many were passed on (metrics). */
  observer?: QuestionCacheObserver;
}

export interface QuestionCacheObserver {
  asked(hits: number, misses: number): void;
}

export interface QuestionCache {
  /**
   * The answer to `key`: cached, pending, or loaded now. `sizeOf` measures an answer for the
   * byte bound (e.g. a body's length); `keep` false drops the answer once it has come.
   */
  get<T>(
    key: string,
    load: () => Promise<T>,
    sizeOf?: (answer: T) => number,
    keep?: (answer: T) => boolean,
  ): Promise<T>;
  /** Answers held (and pending). */
  readonly size: number;
  /**
   * The answers to `keys`, in their order: those held (or pending) as `get` gives them, all the
   * others loaded by one call of `loadMissing` (given each such key once, answering in its
   * order), e.g. one multi-search for just the searches not answered yet.
   */
  getMany<T>(keys: readonly string[], loadMissing: (missing: string[]) => Promise<T[]>): Promise<T[]>;
}

interface Entry {
  value: Promise<unknown>;
  until: number;
  generation: string;
  bytes: number;
}

/** What an answer of unknown size counts for: a page of list hits, roughly. */
const DEFAULT_SIZE = 4 * 1024;

export function createQuestionCache(options: QuestionCacheOptions): QuestionCache {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const generation = options.generation ?? (() => '');
  const asked = (hits: number, misses: number) => options.observer?.asked(hits, misses);
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const makeRoom = () => {
    while (entries.size > 0 && (entries.size >= options.maxEntries || bytes > maxBytes)) {
      const [oldestKey, oldest] = entries.entries().next().value!;
      remove(oldestKey, oldest);
    }
  };
  /** The entry of `key` if it may still be given out (now the most recently used), else none. */
  const held = (key: string, current: string, now: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.until > now && entry.generation === current) {
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    }
    if (entry) remove(key, entry);
    return undefined;
  };
  /**
   * Keeps a pending answer under `current`: a failure leaves when it comes, an answer is handed
   * to `settle` with its entry (to measure it, or to drop it).
   */
  const hold = <T>(
    key: string,
    value: Promise<T>,
    current: string,
    now: number,
    settle?: (answer: T, entry: Entry) => void,
  ) => {
    makeRoom();
    const fresh: Entry = { value, until: now + options.ttlMs, generation: current, bytes: DEFAULT_SIZE };
    entries.set(key, fresh);
    bytes += fresh.bytes;
    value.then(
      (answer) => settle?.(answer, fresh),
      () => remove(key, fresh),
    );
  };

  return {
    async get<T>(
      key: string,
      load: () => Promise<T>,
      sizeOf?: (answer: T) => number,
      keep?: (answer: T) => boolean,
    ): Promise<T> {
      const current = options.ttlMs === 0 ? null : await generation();
      if (current === null) {
        asked(0, 1);
        return load();
      }
      const now = Date.now();
      const entry = held(key, current, now);
      asked(entry ? 1 : 0, entry ? 0 : 1);
      if (entry) return entry.value as Promise<T>;
      const value = load();
      hold(key, value, current, now, (answer, fresh) => {
        if (keep && !keep(answer)) return remove(key, fresh);
        if (!sizeOf || entries.get(key) !== fresh) return;
        const measured = sizeOf(answer);
        bytes += measured - fresh.bytes;
        fresh.bytes = measured;
        if (bytes > maxBytes) makeRoom();
      });
      return value;
    },
    get size() {
      return entries.size;
    },
    async getMany<T>(keys: readonly string[], loadMissing: (missing: string[]) => Promise<T[]>) {
      const current = options.ttlMs === 0 ? null : await generation();
      const now = Date.now();
      const answers = new Map<string, Promise<T>>();
      const missing: string[] = [];
      for (const key of new Set(keys)) {
        const entry = current === null ? undefined : held(key, current, now);
        if (entry) answers.set(key, entry.value as Promise<T>);
        else missing.push(key);
      }
      asked(answers.size, missing.length);
      if (missing.length > 0) {
        const loaded = loadMissing(missing);
        missing.forEach((key, i) => {
          const value = loaded.then((answer) => answer[i] as T);
          answers.set(key, value);
          if (current !== null) hold(key, value, current, now);
        });
      }
      return Promise.all(keys.map((key) => answers.get(key)!));
    },
  };
}

/**
 * JSON with every object's keys in order: the same question written with its parameters in
 * another order is the same key.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
