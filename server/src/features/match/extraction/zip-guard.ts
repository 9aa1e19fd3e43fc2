import { inflateRawSync } from 'node:zlib';

/** The zip cannot be read: damaged, truncated, or using features a Word file never uses. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

/** The zip unpacks to more than a CV can plausibly be: a zip bomb, or something that is no CV. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export const ZIP_LIMITS = {
  entries: 2_000,
  /**
   * Unpacked size of the parts handed to mammoth, together. mammoth parses each whole part into a
   * tree that takes 30 to 60 bytes of heap per byte of XML, so this caps its memory too. A long
   * CV's parts come to a few hundred kB; a 19.5 MB document.xml is no CV.
   */
  readBytes: 2 * 1024 * 1024,
  /** Deflate reaches about 1:1000 on repeated bytes; real Word XML stays far below 1:100. */
  ratio: 200,
};

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The central directory, read from the end of the file as every zip reader does. */
export function listZipEntries(bytes: Buffer): ZipEntry[] {
  // The end record is 22 bytes plus a comment of at most 65535.
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipFormatError('no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const start = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || start === 0xffffffff) throw new ZipFormatError('ZIP64 is not supported');
  if (count > ZIP_LIMITS.entries) throw new ZipLimitError(`${count} entries`);
  if (start + size > end) throw new ZipFormatError('central directory outside the file');

  const entries: ZipEntry[] = [];
  let offset = start;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > end || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY)
      throw new ZipFormatError('damaged central directory');
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    entries.push({
      flags: bytes.readUInt16LE(offset + 8),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER)
    throw new ZipFormatError(`damaged local header of ${entry.name}`);
  const dataStart = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > bytes.length) throw new ZipFormatError(`${entry.name} is cut off`);
  return bytes.subarray(dataStart, dataEnd);
}

/**
 * Unpacks one entry, never producing more bytes than its header declares (a zip bomb may lie
 * about its sizes: zlib stops at maxOutputLength instead of filling the memory).
 */
function inflateEntry(bytes: Buffer, entry: ZipEntry): Buffer {
  if (entry.flags & 0x1) throw new ZipFormatError(`${entry.name} is encrypted`);
  const data = entryData(bytes, entry);
  if (entry.method === 0) {
    if (data.length !== entry.uncompressedSize) throw new ZipFormatError(`${entry.name} has a wrong size`);
    return data;
  }
  if (entry.method !== 8) throw new ZipFormatError(`${entry.name} uses compression method ${entry.method}`);
  let output: Buffer;
  try {
    output = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new ZipLimitError(`${entry.name} unpacks to more than it declares`);
    throw new ZipFormatError(`${entry.name} does not inflate`);
  }
  if (output.length !== entry.uncompressedSize) throw new ZipFormatError(`${entry.name} has a wrong size`);
  return output;
}

/**
 * The parts mammoth may read: the package's content types and relationships, and the parts
 * beside the main document (styles, numbering, notes, comments) with their relationships.
 * Media, themes, glossaries and custom XML sit in subfolders and are left behind.
 */
const isReadPart = (name: string) =>
  name === '[Content_Types].xml' ||
  name === '_rels/.rels' ||
  /^word\/[^/]+\.xml$/i.test(name) ||
  /^word\/_rels\/[^/]+\.rels$/i.test(name);

/**
 * The parts of a .docx mammoth will be given and their declared unpacked size, checked against
 * the limits from the central directory alone: nothing is inflated yet. Inflating later never
 * yields more than these declared sizes (see inflateEntry), so the total is a real bound.
 */
export function docxPartsToRead(bytes: Buffer): { entries: ZipEntry[]; unpackedBytes: number } {
  const entries = listZipEntries(bytes).filter((entry) => isReadPart(entry.name));
  let unpackedBytes = 0;
  for (const entry of entries) {
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize > 1024 * 1024 && ratio > ZIP_LIMITS.ratio)
      throw new ZipLimitError(`${entry.name} compresses ${Math.round(ratio)}:1`);
    unpackedBytes += entry.uncompressedSize;
    if (unpackedBytes > ZIP_LIMITS.readBytes) throw new ZipLimitError('the text parts are too large');
  }
  if (!entries.some((entry) => entry.name === 'word/document.xml'))
    throw new ZipFormatError('no word/document.xml');
  return { entries, unpackedBytes };
}

/**
 * The parts of a .docx mammoth reads, unpacked under size and ratio limits. The caller hands
 * these to mammoth re-packed without compression, so mammoth itself never inflates anything.
 */
export function unpackDocxTextParts(bytes: Buffer): { name: string; data: Buffer }[] {
  return docxPartsToRead(bytes).entries.map((entry) => ({
    name: entry.name,
    data: inflateEntry(bytes, entry),
  }));
}
