import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniffDocument } from './document-type.js';
import { writeDocx } from '../fixtures/docx-writer.js';
import {
  bulkyDocx,
  docWithHugeFat,
  docWithLoopingFat,
  docxZipBomb,
  fakeElf,
  fakeExe,
  lyingDocxZipBomb,
  markDocEncrypted,
  odtLikeZip,
  oleWithoutWord,
} from '../fixtures/bad-files.js';
import { writePdf } from '../fixtures/pdf-writer.js';
import { isEncryptedWordFile, OleFormatError } from './ole-guard.js';
import {
  listZipEntries,
  unpackDocxTextParts,
  ZIP_LIMITS,
  ZipFormatError,
  ZipLimitError,
} from './zip-guard.js';

const MB = 1024 * 1024;

const doc = fs.readFileSync(new URL('../fixtures/cvs/sv-underskoterska-malmo.doc', import.meta.url));

describe('sniffDocument (by content, never by name)', () => {
  it('recognises PDF, DOCX and DOC', () => {
    expect(sniffDocument(writePdf('Hej'))).toBe('pdf');
    expect(sniffDocument(writeDocx('Hej'))).toBe('docx');
    expect(sniffDocument(doc)).toBe('doc');
  });

  it('rejects executables, other zips, other OLE2 files and text', () => {
    expect(sniffDocument(fakeExe())).toBeNull();
    expect(sniffDocument(fakeElf())).toBeNull();
    expect(sniffDocument(odtLikeZip())).toBeNull();
    expect(sniffDocument(oleWithoutWord())).toBeNull();
    expect(sniffDocument(Buffer.from('Jag är ett CV i ren text.'))).toBeNull();
    expect(sniffDocument(Buffer.alloc(0))).toBeNull();
  });
});

describe('zip guard', () => {
  it('lists a .docx and unpacks only its XML parts', () => {
    const docx = writeDocx('Anna Andersson\nUndersköterska', [
      { name: 'word/media/photo.jpg', data: Buffer.alloc(5000, 1) },
    ]);
    expect(listZipEntries(docx).map((entry) => entry.name)).toContain('word/media/photo.jpg');
    const parts = unpackDocxTextParts(docx);
    expect(parts.map((part) => part.name).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/document.xml',
    ]);
    expect(parts.find((part) => part.name === 'word/document.xml')?.data.toString()).toContain(
      'Undersköterska',
    );
  });

  it('refuses a zip bomb from its directory, before inflating anything', async () => {
    const bomb = await docxZipBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(
      listZipEntries(bomb).find((entry) => entry.name === 'word/document.xml')?.uncompressedSize,
    ).toBeGreaterThan(100 * 1024 * 1024);
    expect(() => unpackDocxTextParts(bomb)).toThrow(ZipLimitError);
  });

  it('stops inflating a bomb whose headers lie about its size', async () => {
    const bomb = await lyingDocxZipBomb();
    const before = process.memoryUsage().rss;
    expect(() => unpackDocxTextParts(bomb)).toThrow(ZipLimitError);
    // zlib stopped at the declared 1 kB: nowhere near the 120 MB the entry holds.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a .docx whose document.xml unpacks to 19.5 MB of ordinary text, from its directory', () => {
    const docx = bulkyDocx(19.5 * MB);
    // Compressed like real text: no ratio check can tell it from a CV.
    expect(docx.length).toBeGreaterThan(3 * MB);
    const declared = listZipEntries(docx).find((entry) => entry.name === 'word/document.xml');
    expect(declared?.uncompressedSize).toBeGreaterThan(19 * MB);
    expect(() => unpackDocxTextParts(docx)).toThrow(ZipLimitError);
  });

  it('unpacks a large but plausible .docx, never more than the limit', () => {
    const parts = unpackDocxTextParts(bulkyDocx(1.5 * MB));
    const unpacked = parts.reduce((sum, part) => sum + part.data.length, 0);
    expect(unpacked).toBeGreaterThan(1.4 * MB);
    expect(unpacked).toBeLessThanOrEqual(ZIP_LIMITS.readBytes);
    expect(ZIP_LIMITS.readBytes).toBeLessThan(4 * MB);
  });

  it('hands mammoth only the parts it reads, so big parts it never reads cost nothing', () => {
    const big = Buffer.alloc(3 * MB, '<x/>');
    const docx = writeDocx('Anna Andersson', [
      { name: 'word/styles.xml', data: Buffer.from('<w:styles/>') },
      { name: 'word/_rels/document.xml.rels', data: Buffer.from('<Relationships/>') },
      { name: 'word/glossary/document.xml', data: big },
      { name: 'customXml/item1.xml', data: big },
      { name: 'word/theme/theme1.xml', data: Buffer.from('<a:theme/>') },
    ]);
    expect(
      unpackDocxTextParts(docx)
        .map((part) => part.name)
        .sort(),
    ).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/_rels/document.xml.rels',
      'word/document.xml',
      'word/styles.xml',
    ]);
  });

  it('calls a cut-off zip damaged', () => {
    const docx = writeDocx('Hej');
    expect(() => unpackDocxTextParts(docx.subarray(0, docx.length - 30))).toThrow(ZipFormatError);
  });
});

describe('OLE2 guard', () => {
  it('tells an encrypted Word 97 file from a plain one', () => {
    expect(isEncryptedWordFile(doc)).toBe(false);
    expect(isEncryptedWordFile(markDocEncrypted(doc))).toBe(true);
  });

  it('calls a damaged container damaged instead of looping or crashing', () => {
    expect(() => isEncryptedWordFile(doc.subarray(0, 1024))).toThrow(OleFormatError);
    expect(() => isEncryptedWordFile(oleWithoutWord())).toThrow(OleFormatError);
  });

  it('refuses tables word-extractor would trust into huge buffers or endless chains', () => {
    // The header claims 200 000 FAT sectors (100 MB of table) for a file of 21 sectors.
    expect(() => isEncryptedWordFile(docWithHugeFat(doc))).toThrow(OleFormatError);
    // Two sectors of the WordDocument stream point at each other.
    expect(() => isEncryptedWordFile(docWithLoopingFat(doc))).toThrow(/loop/);
  });
});
