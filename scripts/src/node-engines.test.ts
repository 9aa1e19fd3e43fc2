import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The project runs on Node 20 (package.json `engines`, the Dockerfile, CI). Every package the lock
// file installs must say it runs there too, or `npm ci` warns EBADENGINE and the package may use
// what Node 20 lacks. A release that moves to Node 22 is held back with `overrides` (README).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('Node engines', () => {
  it('every installed package supports the oldest Node the project declares', () => {
    const declared: string = readJson('package.json').engines.node;
    const oldest = semver.minVersion(declared)!.version;
    const lock = readJson('package-lock.json') as {
      packages: Record<
        string,
        { version?: string; engines?: { node?: string } | string[]; optional?: boolean }
      >;
    };
    const unsupported = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => {
        const range = (entry.engines as { node: string }).node;
        return !semver.satisfies(oldest, range, { includePrerelease: true });
      })
      .map(([where, entry]) => `${where}@${entry.version}: node ${(entry.engines as { node: string }).node}`);
    expect(unsupported).toEqual([]);
  });
});
