import fs from 'node:fs/promises';
import path from 'node:path';

/** A mail kept as a .eml file (no SMTP configured), as the admin overview lists it. */
export interface KeptMail {
  /** The file name under `<dataDir>/mail`. */
  file: string;
  /** When it was written (ISO 8601). */
  createdAt: string;
  to: string;
  subject: string;
}

/** Header bytes read per file: our headers fit many times over; the body is never read. */
const HEAD_BYTES = 16 * 1024;

/** The newest `limit` kept mails, newest first; none when the folder does not exist. */
export async function listKeptMails(dataDir: string, limit: number): Promise<KeptMail[]> {
  const directory = path.join(dataDir, 'mail');
  // The names begin with an ISO time, so name order is time order.
  const newest = (await keptMailNames(directory)).sort().reverse().slice(0, Math.max(0, limit));
  const mails = await Promise.all(newest.map((name) => readKeptMail(directory, name)));
  return mails.filter((mail): mail is KeptMail => mail !== null);
}

/** The .eml files' names in the mail folder; none when it does not exist (no mail kept yet). */
async function keptMailNames(directory: string): Promise<string[]> {
  try {
    return (await fs.readdir(directory)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readKeptMail(directory: string, file: string): Promise<KeptMail | null> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(path.join(directory, file), 'r');
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const headers = parseHeaders(buffer.subarray(0, bytesRead).toString('utf8'));
    const createdAt = timeFromName(file) ?? (await handle.stat()).mtime.toISOString();
    return { file, createdAt, to: headers.get('to') ?? '', subject: headers.get('subject') ?? '' };
  } catch (error) {
    // Removed between listing and reading: leave it out.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Deletes the kept mails (.eml files in `<dataDir>/mail`) written before `before` (retention:
 * RETENTION_MAIL_DAYS, as for the outbox rows). A file's time is the one in its name, else its
 * modification time. Returns how many were deleted; none when the folder does not exist.
 */
export async function deleteKeptMailsBefore(dataDir: string, before: Date): Promise<number> {
  const directory = path.join(dataDir, 'mail');
  let deleted = 0;
  for (const name of await keptMailNames(directory)) {
    const file = path.join(directory, name);
    try {
      const named = timeFromName(name);
      const writtenAt = named ? new Date(named) : (await fs.stat(file)).mtime;
      if (writtenAt >= before) continue;
      await fs.unlink(file);
      deleted += 1;
    } catch (error) {
      // Removed meanwhile (another run, an operator): nothing left to delete.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}

/** '2026-01-15T07-30-00-123Z-…' → '2026-01-15T07:30:00.123Z'. */
function timeFromName(file: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-/.exec(file);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : null;
}

/** The header section of a message (up to the first empty line), unfolded, names lower-cased, values decoded. */
export function parseHeaders(message: string): Map<string, string> {
  const end = message.search(/\r?\n\r?\n/);
  const head = end === -1 ? message : message.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n(?![ \t])/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    if (!headers.has(name)) headers.set(name, decodeEncodedWords(value));
  }
  return headers;
}

const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;

/**
 * RFC 2047 encoded words ('=?UTF-8?Q?3_nya_jobb?=') as text. Whitespace between two encoded words
 * is not part of the text. Nodemailer writes UTF-8 only; other charsets are read as Latin-1.
 */
export function decodeEncodedWords(value: string): string {
  const joined = value.replace(/\?=\s+(?==\?)/g, '?=');
  return joined.replace(ENCODED_WORD, (_whole, charset: string, encoding: string, text: string) => {
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          );
    return bytes.toString(/^utf-?8$/i.test(charset) ? 'utf8' : 'latin1');
  });
}
