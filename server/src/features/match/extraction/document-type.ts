import { listZipEntries, ZipFormatError } from './zip-guard.js';

export type DocumentKind = 'pdf' | 'docx' | 'doc';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
// Directory entries of an OLE2 file store stream names in UTF-16LE; a Word 97–2003 file has one
// called WordDocument (Excel has Workbook, Outlook messages have neither).
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');
// A .docx saved with a password is an OLE2 file holding an EncryptedPackage stream.
const ENCRYPTED_PACKAGE_NAME = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * What a CV file really is, judged by its content and never by its name or the browser's MIME
 * type: a renamed .exe must not reach a parser. Null for anything else.
 */
export function sniffDocument(bytes: Buffer): DocumentKind | null {
  // Readers accept the header within the first kilobyte (some tools prepend a few bytes).
  if (bytes.subarray(0, 1024).includes(PDF_MAGIC)) return 'pdf';
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    try {
      const names = listZipEntries(bytes).map((entry) => entry.name);
      return names.includes('word/document.xml') ? 'docx' : null;
    } catch (error) {
      // A zip whose directory cannot be read may still be a damaged Word file: let the
      // extractor say "corrupt" rather than "wrong type".
      if (error instanceof ZipFormatError) return 'docx';
      throw error;
    }
  }
  if (bytes.subarray(0, 8).equals(OLE2_MAGIC)) {
    if (bytes.includes(WORD_STREAM_NAME) || bytes.includes(ENCRYPTED_PACKAGE_NAME)) return 'doc';
    // A cut-off file may end before its directory: that is a damaged document, not a wrong type.
    return directoryIsMissing(bytes) ? 'doc' : null;
  }
  return null;
}

function directoryIsMissing(bytes: Buffer): boolean {
  if (bytes.length < 512) return true;
  const sectorSize = 1 << bytes.readUInt16LE(0x1e);
  return (bytes.readUInt32LE(0x30) + 1) * sectorSize >= bytes.length;
}
