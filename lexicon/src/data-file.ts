import { readFileSync } from 'node:fs';

/**
 * Reads one of the workspace's JSON data files. The URL is resolved against this module so the
 * same code works from src/ (tests, tsx) and dist/ (built), both one level below the workspace.
 */
export function readDataFile<T>(fileName: string): T {
  const url = new URL(`../data/${fileName}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/** Wraps a computation so it runs on first use only; the big taxonomy files are not needed by every caller. */
export function lazy<T>(compute: () => T): () => T {
  let value: T | undefined;
  let computed = false;
  return () => {
    if (!computed) {
      value = compute();
      computed = true;
    }
    return value as T;
  };
}
