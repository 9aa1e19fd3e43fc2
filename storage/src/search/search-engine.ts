import type { Meilisearch } from 'meilisearch';
import { readOrCreateSecret } from '../secrets.js';
import { createMeiliClient } from './meili-client.js';
import { resolveMeilisearchBinary, type BinarySource } from './meili-binary.js';
import { startMeiliProcess, type MeiliProcess } from './meili-process.js';
import { ReadRouter, readClient, searchReplicas, type SearchReplica } from './search-replicas.js';

export interface SearchEngineOptions {
  dataDir: string;
  meiliUrl?: string | undefined;
  /** MEILI_URLS: several replicas, each a full copy (MEILI_URL is the one-replica case). */
  meiliUrls?: readonly string[] | undefined;
  meiliMasterKey?: string | undefined;
  meiliBin?: string | undefined;
  /** Restart an embedded Meilisearch that died (default true). */
  restartOnCrash?: boolean;
  logger?: Pick<Console, 'info' | 'warn' | 'error'> | undefined;
}

export interface SearchHealth {
  ok: boolean;
  reason?: string;
}

export interface SearchEngine {
  /** The first replica's URL. */
  readonly url: string;
  readonly apiKey: string;
  /**
   * The client for a read: inside a search attempt (the server's searchCall) the replica chosen
   * for it, else the next one the router picks. Writes go to `replicas`, each one.
   */
  readonly client: Meilisearch;
  /** Every Meilisearch the index lives on (one, unless MEILI_URLS names several). */
  readonly replicas: readonly SearchReplica[];
  /** Chooses the replica for each search. */
  readonly reads: ReadRouter;
  readonly mode: 'external' | BinarySource;
  health(): Promise<SearchHealth>;
  close(): Promise<void>;
}

const RESTART_DELAYS_MS = [5_000, 15_000, 60_000];

/**
 * Finds or starts the Meilisearch the app uses, in DESIGN.md's order: MEILI_URL → MEILI_BIN /
 * `meilisearch` on PATH → the npm-shipped binary.
 */
export async function openSearchEngine(options: SearchEngineOptions): Promise<SearchEngine> {
  const external = options.meiliUrls?.length ? options.meiliUrls : options.meiliUrl ? [options.meiliUrl] : [];
  if (external.length > 0) {
    const apiKey = options.meiliMasterKey ?? '';
    const replicas = searchReplicas(external, apiKey);
    const reads = new ReadRouter(replicas);
    return {
      url: replicas[0]!.url,
      apiKey,
      get client() {
        return readClient(reads);
      },
      replicas,
      reads,
      mode: 'external',
      // Ready while one replica can answer: the others are the router's business.
      health: async () => {
        const probes = await Promise.all(replicas.map((replica) => probe(replica.client)));
        return probes.find((result) => result.ok) ?? probes[0]!;
      },
      close: async () => undefined,
    };
  }

  const binary = resolveMeilisearchBinary({ meiliBin: options.meiliBin, dataDir: options.dataDir });
  const masterKey = readOrCreateSecret(options.dataDir, 'meili-master-key');
  let lastExit: string | undefined;
  let closed = false;
  let restarts = 0;
  let current: MeiliProcess;

  const start = (port?: number) =>
    startMeiliProcess({
      binary: binary.path,
      dataDir: options.dataDir,
      masterKey,
      ...(port ? { port } : {}),
      onUnexpectedExit: (code, signal, stderrTail) => {
        lastExit = `Meilisearch exited unexpectedly (${signal ?? `code ${code}`})`;
        options.logger?.error({ code, signal, stderr: stderrTail }, lastExit);
        if (closed || options.restartOnCrash === false) return;
        const delay = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)] ?? 60_000;
        restarts++;
        setTimeout(() => void restart(), delay).unref();
      },
    });

  async function restart() {
    if (closed) return;
    try {
      // Same port: clients built with the old URL keep working.
      current = await start(Number(new URL(current.url).port));
      lastExit = undefined;
      options.logger?.info({ url: current.url }, 'Meilisearch restarted');
    } catch (error) {
      options.logger?.error({ err: error }, 'Meilisearch restart failed');
    }
  }

  current = await start();
  const url = current.url;
  const client = createMeiliClient(url, masterKey);
  const replicas = searchReplicas([url], masterKey).map((replica) => ({ ...replica, client }));
  const reads = new ReadRouter(replicas);
  return {
    url,
    apiKey: masterKey,
    // Through the router like external replicas, so searches are counted the same way (metrics).
    get client() {
      return readClient(reads);
    },
    replicas,
    reads,
    mode: binary.source,
    async health() {
      if (!current.isRunning()) return { ok: false, reason: lastExit ?? 'Meilisearch is not running' };
      return probe(client);
    },
    async close() {
      closed = true;
      await current.stop();
    },
  };
}

async function probe(client: Meilisearch): Promise<SearchHealth> {
  try {
    await client.health();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
