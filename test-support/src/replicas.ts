import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveMeilisearchBinary, startMeiliProcess, type MeiliProcess } from '@jobbportalen/storage';

/** A Meilisearch of its own that a test can stop and start again (same port, same data). */
export interface TestReplica {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface TestReplicas {
  readonly replicas: TestReplica[];
  readonly urls: string[];
  readonly apiKey: string;
  close(): Promise<void>;
}

/**
 * `count` real Meilisearch processes beside the run's shared one, for tests of replicas: each
 * on a free port with a data directory of its own, all with the same master key (as MEILI_URLS
 * wants). close() stops them and removes their data.
 */
export async function startTestReplicas(count: number): Promise<TestReplicas> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-test-replicas-'));
  const apiKey = 'replica-test-master-key-0123456789';
  const binary = resolveMeilisearchBinary({ meiliBin: process.env.MEILI_BIN, dataDir: root });
  const replicas: TestReplica[] = [];
  const running: (MeiliProcess | undefined)[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = path.join(root, `replica-${i}`);
    const first = await startMeiliProcess({ binary: binary.path, dataDir, masterKey: apiKey });
    running[i] = first;
    const port = Number(new URL(first.url).port);
    replicas.push({
      url: first.url,
      async stop() {
        await running[i]?.stop();
        running[i] = undefined;
      },
      async start() {
        if (running[i]?.isRunning()) return;
        running[i] = await startMeiliProcess({ binary: binary.path, dataDir, masterKey: apiKey, port });
      },
    });
  }
  return {
    replicas,
    urls: replicas.map((replica) => replica.url),
    apiKey,
    async close() {
      await Promise.all(running.map((process) => process?.stop()));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
