import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HOUR_MS, stockholmDate } from '@jobbportalen/contracts';

/**
 * Job pages as rendered, on disk: one file per ad and public address, the page compressed as it
 * is sent (brotli) behind a line that says which version of the ad and which web build it shows
 * and when it was made. The server's memory keeps a few hundred pages (kept-pages.ts); this keeps
 * every live ad's, so a visit to any ad is a file read rather than a render — filled as pages are
 * rendered for visitors and, with PUBLIC_URL set, ahead of them (job-page-warmer.ts).
 *
 * Like the kept pages it holds nothing personal: the server renders for no one in particular. It
 * is a cache, not a record: any file may be deleted at any time, and the server renders anew.
 */

/**
 * How long a stored page is served. A page shows more than its ad: 'Liknande jobb' (other ads) and
 * times relative to when it was made ('Publicerad för 3 timmar sedan', 'Sista ansökningsdag i
 * morgon'). The browser redraws both after hydration; without JavaScript a stored page is at most
 * this old, and never from an earlier day in Stockholm (a deadline's 'i morgon' turns at midnight).
 */
export const STORED_PAGE_MAX_AGE_MS = HOUR_MS;

/** A page as stored: what the request's version must equal, its status, its brotli bytes. */
export interface StoredPage {
  /** The page's strong ETag: the web build and the ad's version (send-app-page.ts). */
  etag: string;
  status: number;
  /** When it was rendered (ms since the epoch). */
  renderedAt: number;
  brotli: Buffer;
}

export interface JobPageStore {
  /** The page stored under `name`, if any (unreadable or damaged files are misses). */
  read(name: string): Promise<StoredPage | undefined>;
  /** Stores a page; a failure is logged once per problem and otherwise ignored (it is a cache). */
  write(name: string, page: StoredPage): Promise<void>;
  /** Deletes pages that can no longer be served (older than STORED_PAGE_MAX_AGE_MS); returns how many. */
  sweep(now?: number): Promise<number>;
  readonly dir: string;
}

/** The file name of a job page: the ad's id and the address it was built on, hashed. */
export function jobPageStoreName(baseUrl: string, adId: string): string {
  return createHash('sha256').update(`${baseUrl}\n${adId}`).digest('base64url').slice(0, 32);
}

/**
 * Whether a stored page may be served for `etag` at `now`: the same ad version and build, made
 * within the last STORED_PAGE_MAX_AGE_MS − `margin` and on the same Stockholm day. The warmer
 * asks with a margin (its next round comes before a visitor would find the page too old).
 */
export function isServable(page: StoredPage, etag: string, now: number, marginMs = 0): boolean {
  const age = now - page.renderedAt;
  return (
    page.etag === etag &&
    age >= 0 &&
    age < STORED_PAGE_MAX_AGE_MS - marginMs &&
    stockholmDate(page.renderedAt) === stockholmDate(now)
  );
}

const FILE_SUFFIX = '.page';
/** The header line: a JSON object of everything but the bytes, then a newline. */
const NEWLINE = 0x0a;

function encode(page: StoredPage): Buffer {
  const { etag, status, renderedAt } = page;
  const header = Buffer.from(`${JSON.stringify({ etag, status, renderedAt })}\n`);
  return Buffer.concat([header, page.brotli]);
}

function decode(file: Buffer): StoredPage | undefined {
  const end = file.indexOf(NEWLINE);
  if (end < 0) return undefined;
  try {
    const header = JSON.parse(file.subarray(0, end).toString('utf8')) as Partial<StoredPage>;
    if (
      typeof header.etag !== 'string' ||
      typeof header.status !== 'number' ||
      typeof header.renderedAt !== 'number'
    )
      return undefined;
    const brotli = file.subarray(end + 1);
    if (brotli.length === 0) return undefined;
    return { etag: header.etag, status: header.status, renderedAt: header.renderedAt, brotli };
  } catch {
    return undefined;
  }
}

export function jobPageStore(options: {
  dir: string;
  warn: (error: unknown, message: string) => void;
}): JobPageStore {
  const { dir } = options;
  const fileOf = (name: string) => path.join(dir, `${name}${FILE_SUFFIX}`);
  let made: Promise<unknown> | undefined;
  const warned = new Set<string>();
  const warnOnce = (error: unknown, message: string) => {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    if (warned.has(code)) return;
    warned.add(code);
    options.warn(error, message);
  };

  return {
    dir,
    async read(name) {
      try {
        return decode(await fs.readFile(fileOf(name)));
      } catch {
        return undefined;
      }
    },
    async write(name, page) {
      try {
        // Its own folder only: a DATA_DIR that does not exist (tests name one) is not made here.
        made ??= fs.mkdir(dir).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        });
        await made;
        // Written beside and renamed over: a reader (or another server sharing the directory)
        // sees the old page or the new one, never half of one.
        const partial = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}`);
        await fs.writeFile(partial, encode(page));
        await fs.rename(partial, fileOf(name));
      } catch (error) {
        made = undefined;
        warnOnce(
          error,
          `job page store: a page could not be written in ${dir}; pages are rendered as before`,
        );
      }
    },
    async sweep(now = Date.now()) {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(dir, name);
        try {
          const { mtimeMs } = await fs.stat(file);
          // Pages outlive nothing they could be served for; a partial write left by a crash, an hour.
          if (now - mtimeMs < STORED_PAGE_MAX_AGE_MS) continue;
          await fs.rm(file, { force: true });
          removed++;
        } catch {
          // Gone already (another server's sweep), or not ours to judge: left.
        }
      }
      return removed;
    },
  };
}
