import { AsyncLocalStorage } from 'node:async_hooks';
import type { Meilisearch } from 'meilisearch';
import { createMeiliClient } from './meili-client.js';

/**
 * One Meilisearch of the set MEILI_URLS names: every replica holds a full copy of the index, fed
 * from the one outbox in Postgres. `id` is its normalised URL, the key of its outbox position.
 */
export interface SearchReplica {
  readonly id: string;
  readonly url: string;
  readonly client: Meilisearch;
}

/** `http://Host:7700/` and `http://host:7700` are the same replica (same position). */
export function replicaId(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
}

/**
 * No request to a replica may hang for ever: one that stops answering (a host gone, packets
 * dropped) would otherwise hold the indexer's round, and the other replicas' changes, with it.
 * Every request we send is short (tasks are enqueued, then polled), so this is generous.
 */
const REPLICA_REQUEST_TIMEOUT_MS = 30_000;

export function searchReplicas(urls: readonly string[], apiKey: string): SearchReplica[] {
  const replicas = urls.map((url) => {
    const id = replicaId(url);
    return { id, url: id, client: createMeiliClient(id, apiKey, { timeoutMs: REPLICA_REQUEST_TIMEOUT_MS }) };
  });
  const ids = new Set(replicas.map((replica) => replica.id));
  if (ids.size !== replicas.length) throw new Error('The same Meilisearch is named twice');
  return replicas;
}

/**
 * Picks the replica for each search. The default sends them round-robin to every replica; the
 * server narrows that to the replicas it sees reachable, live and caught up (replica-reads).
 */
export class ReadRouter {
  private next = 0;
  private eligible: (replica: SearchReplica) => boolean = () => true;
  private observer: ReadObserver | undefined;
  private readonly failedAt = new Map<string, number>();
  constructor(readonly replicas: readonly SearchReplica[]) {}

  /** Installs who may take reads (asked per search, so it must be cheap: a cached answer). */
  useEligibility(eligible: (replica: SearchReplica) => boolean): void {
    this.eligible = eligible;
  }

  /**
   * The next replica for a search, skipping `exclude` (tried already). Eligible ones first, round
   * robin; when none is, any reachable one beats no answer (the search may lag, but answers).
   */
  choose(exclude: ReadonlySet<string> = new Set()): SearchReplica | undefined {
    const candidates = this.replicas.filter((replica) => !exclude.has(replica.id));
    if (candidates.length <= 1) return candidates[0];
    // A replica that just failed a search sits out a moment even before the watcher notices.
    const recentlyFailed = (replica: SearchReplica) =>
      Date.now() - (this.failedAt.get(replica.id) ?? 0) < FAILED_PAUSE_MS;
    const tiers = [
      candidates.filter((replica) => this.eligible(replica) && !recentlyFailed(replica)),
      candidates.filter((replica) => !recentlyFailed(replica)),
      candidates,
    ];
    const tier = tiers.find((list) => list.length > 0)!;
    this.next = (this.next + 1) % 1_000_000;
    return tier[this.next % tier.length];
  }

  /** Is told of each search's replica (the portal's metrics). */
  observe(observer: ReadObserver | undefined): void {
    this.observer = observer;
  }

  /** @internal readClient's report of the replica a search attempt went to. */
  chosen(replica: SearchReplica, retry: boolean): void {
    this.observer?.read(replica.id, retry);
  }

  failed(replica: SearchReplica): void {
    this.failedAt.set(replica.id, Date.now());
  }

  /** Whether a search that failed on the replicas in `tried` has another to go to. */
  hasAlternative(tried: ReadonlySet<string>): boolean {
    return this.replicas.some((replica) => !tried.has(replica.id));
  }
}

const FAILED_PAUSE_MS = 2_000;

/** Searches per replica; `retry`: the search failed on another replica first. */
export interface ReadObserver {
  read(replicaId: string, retry: boolean): void;
}

/**
 * One search's attempt: the replica its calls go to. Searches are written as
 * `searchCall(() => engine.client.index(…).search(…))`; inside such a call `engine.client` is the
 * chosen replica's client, so the callers need not know about replicas and a retry on another
 * replica is the same function run again.
 */
export interface ReadAttempt {
  router?: ReadRouter;
  replica?: SearchReplica;
  readonly tried: Set<string>;
}

const attempts = new AsyncLocalStorage<ReadAttempt>();

export function runReadAttempt<T>(attempt: ReadAttempt, call: () => Promise<T>): Promise<T> {
  return attempts.run(attempt, call);
}

/** The client for a read through `router`: the current attempt's replica, chosen on first use. */
export function readClient(router: ReadRouter): Meilisearch {
  const attempt = attempts.getStore();
  if (!attempt) return router.choose()?.client ?? router.replicas[0]!.client;
  if (attempt.router !== router || !attempt.replica) {
    const replica = router.choose(attempt.tried) ?? router.replicas[0]!;
    attempt.router = router;
    attempt.replica = replica;
    router.chosen(replica, attempt.tried.size > 0);
  }
  return attempt.replica!.client;
}
