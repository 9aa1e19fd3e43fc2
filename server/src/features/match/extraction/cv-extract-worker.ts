// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the tests' and benches' tsconfigs see only imported files
/// <reference path="./word-extractor.d.ts" />
// Runs in a worker thread (see extraction-pool.ts): the parsers are synchronous for long
// stretches, and a pathological file must cost this thread, never the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import mammoth from 'mammoth';
import { PDFParse } from 'pdf-parse';
import WordExtractor from 'word-extractor';
import { guardAllocations, type AllocationLimits } from './allocation-guard.js';
import type { DocumentKind } from './document-type.js';
import { isEncryptedWordFile } from './ole-guard.js';
import { storedZip } from './stored-zip.js';
import { capRawText, MAX_RAW_TEXT_CHARS } from './text-limits.js';
import { unpackDocxTextParts, ZipLimitError } from './zip-guard.js';

export type ExtractionFailure = 'corrupt' | 'encrypted' | 'too-large-unpacked';

export interface ExtractionRequest {
  id: number;
  kind: DocumentKind;
  bytes: Uint8Array;
}

export type ExtractionReply =
  { id: number; ok: true; text: string } | { id: number; ok: false; failure: ExtractionFailure };

/** What the pool passes to each reader thread it starts. */
export interface ReaderWorkerData {
  allocationLimits: AllocationLimits;
}

class EncryptedDocumentError extends Error {}

/** A CV has a handful of pages; a 500-page file gets its first pages read, not all of them. */
const MAX_PDF_PAGES = 30;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({
    data: bytes,
    // Errors only: pdf.js warnings could otherwise quote bits of the document into the log.
    verbosity: 0,
    // Fonts may carry code pdf.js would compile with eval (CVE-2024-4367 was exactly that).
    isEvalSupported: false,
    stopAtErrors: false,
  });
  try {
    // Page by page, so a document with much text per page stops as soon as there is enough.
    let text = '';
    let pages = 1;
    for (let page = 1; page <= Math.min(pages, MAX_PDF_PAGES) && text.length < MAX_RAW_TEXT_CHARS; page++) {
      const result = await parser.getText({ partial: [page] });
      pages = result.total;
      text += result.pages.map((read) => `${read.text}\n`).join('');
    }
    return text;
  } catch (error) {
    if ((error as Error).name === 'PasswordException') throw new EncryptedDocumentError();
    throw error;
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const safe = storedZip(unpackDocxTextParts(bytes));
  const result = await mammoth.extractRawText({ buffer: safe });
  return result.value;
}

async function docText(bytes: Buffer): Promise<string> {
  if (isEncryptedWordFile(bytes)) throw new EncryptedDocumentError();
  const document = await new WordExtractor().extract(bytes);
  // Contact details often sit in the page header or in text boxes of CV templates.
  return [
    document.getHeaders({ includeFooters: false }),
    document.getBody(),
    document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }),
  ].join('\n');
}

/** The text of a CV file, at most MAX_RAW_TEXT_CHARS of it. */
export async function extractText(kind: DocumentKind, bytes: Uint8Array): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'pdf') return capRawText(await pdfText(bytes));
  if (kind === 'docx') return capRawText(await docxText(buffer));
  return capRawText(await docText(buffer));
}

/**
 * Anything a parser throws that is not one of ours means the file is damaged (or no real CV);
 * a parser that failed after a buffer was refused was unpacking more than a CV holds.
 */
function classify(error: unknown, bufferRefused: boolean): ExtractionFailure {
  if (error instanceof EncryptedDocumentError) return 'encrypted';
  if (error instanceof ZipLimitError || bufferRefused) return 'too-large-unpacked';
  return 'corrupt';
}

const port = parentPort;
if (port) {
  const guard = guardAllocations((workerData as ReaderWorkerData).allocationLimits);
  port.on('message', (request: ExtractionRequest) => {
    guard.startJob();
    extractText(request.kind, request.bytes).then(
      (text) => port.postMessage({ id: request.id, ok: true, text } satisfies ExtractionReply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          ok: false,
          failure: classify(error, guard.tripped),
        } satisfies ExtractionReply),
    );
  });
  // The pool starts a job's time limit only once the parsers above have loaded.
  port.postMessage({ ready: true });
}
