import type { DocumentKind } from './document-type.js';
import { docxPartsToRead } from './zip-guard.js';

const MB = 1024 * 1024;

/**
 * What reading a file may take in the reader thread, for the extraction pool's memory budget
 * (the pool caps it at what one reader can hold at all). From the parsers we use: mammoth holds
 * a tree of 30 to 60 bytes of heap per byte of the XML it is given, whose unpacked size a .docx
 * declares and we enforce; pdf.js keeps fonts and page contents decoded, a few to tens of times
 * the file; word-extractor holds the file's streams and their text, a few times the file.
 * Throws ZipLimitError (or ZipFormatError) for a .docx refused on its directory alone.
 */
export function estimateReadingBytes(kind: DocumentKind, bytes: Buffer): number {
  switch (kind) {
    case 'docx':
      return 8 * MB + 64 * docxPartsToRead(bytes).unpackedBytes + 2 * bytes.length;
    case 'pdf':
      return 24 * MB + 8 * bytes.length;
    case 'doc':
      return 8 * MB + 4 * bytes.length;
  }
}
