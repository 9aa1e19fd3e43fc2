import { LRUCache } from 'lru-cache';
import type { EncodedPage } from './encoded-page.js';

/**
 * Rendered pages kept by their version (a job page: the build, the ad's version and the address it
 * was built for), so a popular ad is rendered once per change rather than once per visitor. What
 * is kept is the whole HTML, exactly as sent: the same bytes for everyone, which is what a strong
 * ETag promises. Pages carry nothing personal (the server renders for no one in particular), so
 * any visitor may be given any kept page.
 *
 * Kept a few minutes at most: besides its own ad a job page shows 'Liknande jobb' and relative
 * times ('för 3 timmar sedan'), which move without the ad changing; the browser refreshes both
 * after hydration, and the next render after `ttlMs` shows them anew.
 */
export interface KeptPage {
  status: number;
  page: EncodedPage;
}

export interface KeptPages {
  get(key: string): KeptPage | undefined;
  set(key: string, page: KeptPage): void;
  readonly size: number;
}

export function keptPages(options: { ttlMs: number; maxBytes: number }): KeptPages {
  const cache = new LRUCache<string, KeptPage>({
    ttl: options.ttlMs,
    maxSize: options.maxBytes,
    // As kept: the HTML (two bytes a character) and the compressed forms made for its first visitor.
    sizeCalculation: (kept, key) => kept.page.size + 2 * key.length,
  });
  return {
    get: (key) => (options.ttlMs > 0 ? cache.get(key) : undefined),
    set: (key, page) => {
      if (options.ttlMs > 0) cache.set(key, page);
    },
    get size() {
      return cache.size;
    },
  };
}

/** Whether an If-None-Match header names `etag` (a list, `*`, or weak forms of it). */
export function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
