// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the tests' and benches' tsconfigs see only imported files
/// <reference path="./word-extractor.d.ts" />
// Runs in a worker thread (see extraction-pool.ts): the parsers are synchronous for long
// stretches, and a pathological file must cost this thread, never the server's event loop.
import { parentPort } from 'node:worker_threads';
import mammoth from 'mammoth';
import { PDFParse } from 'pdf-parse';
import WordExtractor from 'word-extractor';
import type { DocumentKind } from './document-type.js';
import { isEncryptedWordFile } from './ole-guard.js';
import { storedZip } from './stored-zip.js';
import { unpackDocxTextParts, ZipLimitError } from './zip-guard.js';

export type ExtractionFailure = 'corrupt' | 'encrypted' | 'too-large-unpacked';

export interface ExtractionRequest {
  id: number;
  kind: DocumentKind;
  bytes: Uint8Array;
}

export type ExtractionReply =
  { id: number; ok: true; text: string } | { id: number; ok: false; failure: ExtractionFailure };

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
    const result = await parser.getText({ first: MAX_PDF_PAGES });
    return result.pages.map((page) => page.text).join('\n');
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

export async function extractText(kind: DocumentKind, bytes: Uint8Array): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'pdf') return pdfText(bytes);
  if (kind === 'docx') return docxText(buffer);
  return docText(buffer);
}

/** Anything a parser throws that is not one of ours means the file is damaged (or no real CV). */
function classify(error: unknown): ExtractionFailure {
  if (error instanceof EncryptedDocumentError) return 'encrypted';
  if (error instanceof ZipLimitError) return 'too-large-unpacked';
  return 'corrupt';
}

parentPort?.on('message', (request: ExtractionRequest) => {
  extractText(request.kind, request.bytes).then(
    (text) => parentPort?.postMessage({ id: request.id, ok: true, text } satisfies ExtractionReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        failure: classify(error),
      } satisfies ExtractionReply),
  );
});

// The pool starts a job's time limit only once the parsers above have loaded.
parentPort?.postMessage({ ready: true });
