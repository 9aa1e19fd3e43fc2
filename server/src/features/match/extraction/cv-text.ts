import { AppError } from '../../../errors.js';
import type { ExtractionFailure } from './cv-extract-worker.js';
import { sniffDocument, type DocumentKind } from './document-type.js';
import { estimateReadingBytes } from './extraction-estimate.js';
import {
  ExtractionBusyError,
  ExtractionMemoryError,
  ExtractionTimeoutError,
  type ExtractionPool,
} from './extraction-pool.js';
import { capRawText, MAX_TEXT_CHARS } from './text-limits.js';
import { ZipFormatError, ZipLimitError } from './zip-guard.js';

export const CV_MESSAGES = {
  unsupportedType:
    'Filtypen stöds inte. Ladda upp ditt CV som PDF (.pdf) eller Word-dokument (.docx eller .doc).',
  corrupt:
    'CV-filen verkar vara skadad och kunde inte läsas. Spara den på nytt som PDF eller Word-dokument och försök igen.',
  encrypted: 'CV-filen är lösenordsskyddad. Ta bort lösenordet och ladda upp filen igen.',
  tooLargeUnpacked:
    'CV-filen blir för stor när den packas upp. Spara den på nytt som PDF eller Word-dokument.',
  timeout:
    'Det tog för lång tid att läsa CV-filen. Spara den på nytt som PDF eller Word-dokument och försök igen.',
  tooDemanding:
    'CV-filen är för stor eller för komplicerad för att läsas. Spara den på nytt som PDF eller Word-dokument och försök igen.',
  scanned:
    'Vi hittade ingen läsbar text i ditt CV. Det ser ut att vara en inskannad bild – spara det som en textbaserad PDF eller ett Word-dokument och försök igen.',
  empty: 'CV-filen innehåller ingen text. Kontrollera att du har valt rätt fil.',
  busy: 'Många matchar just nu. Försök igen om en stund.',
} as const;

const unprocessable = (message: string) => new AppError(422, 'UNPROCESSABLE_DOCUMENT', message);

/** Every CV reader is taken, or the memory for reading this file is: come back in a while. */
export class CvReadersBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'SERVICE_UNAVAILABLE', CV_MESSAGES.busy);
  }
}

const FAILURE_MESSAGES: Record<ExtractionFailure, string> = {
  corrupt: CV_MESSAGES.corrupt,
  encrypted: CV_MESSAGES.encrypted,
  'too-large-unpacked': CV_MESSAGES.tooLargeUnpacked,
};

/** Fewer letters than this is no CV text (page numbers and stray characters). */
const MIN_LETTERS = 20;

/** Whitespace tidied the same way for every format: one space between words, lines kept. */
export function normalizeExtractedText(text: string): string {
  return (
    capRawText(text)
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // Soft hyphens, zero-width characters and NULs from older Word files.
      .replace(/[\u00ad\u200b-\u200d\u2060\ufeff\0]/g, '')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, MAX_TEXT_CHARS)
  );
}

/** Zip limits and damage found from a .docx's directory, before any reading starts. */
function refusedOnSight(error: unknown): never {
  if (error instanceof ZipLimitError) throw unprocessable(CV_MESSAGES.tooLargeUnpacked);
  if (error instanceof ZipFormatError) throw unprocessable(CV_MESSAGES.corrupt);
  throw error;
}

function kindOf(bytes: Buffer): DocumentKind {
  let kind: DocumentKind | null;
  try {
    kind = sniffDocument(bytes);
  } catch (error) {
    refusedOnSight(error);
  }
  if (!kind) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', CV_MESSAGES.unsupportedType);
  return kind;
}

function estimate(kind: DocumentKind, bytes: Buffer): number {
  try {
    return estimateReadingBytes(kind, bytes);
  } catch (error) {
    refusedOnSight(error);
  }
}

/**
 * The plain text of an uploaded CV (PDF, DOCX or DOC, recognised by content), read in a worker
 * thread under a time limit and the pool's memory budget. Every way a file can fail becomes a
 * 415 or 422 with a Swedish message, and a full pool a 503 (CvReadersBusyError, which carries
 * when to try again); the text itself is never logged.
 */
export async function readCvText(pool: ExtractionPool, bytes: Buffer): Promise<string> {
  const kind = kindOf(bytes);
  const estimatedBytes = estimate(kind, bytes);
  let reply;
  try {
    reply = await pool.run(kind, bytes, estimatedBytes);
  } catch (error) {
    if (error instanceof ExtractionBusyError) throw new CvReadersBusyError(error.retryAfterSeconds);
    if (error instanceof ExtractionTimeoutError) throw unprocessable(CV_MESSAGES.timeout);
    if (error instanceof ExtractionMemoryError) throw unprocessable(CV_MESSAGES.tooDemanding);
    // A worker that crashed was reading a file it could not cope with.
    throw unprocessable(CV_MESSAGES.corrupt);
  }
  if (!reply.ok) throw unprocessable(FAILURE_MESSAGES[reply.failure]);
  const text = normalizeExtractedText(reply.text);
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) throw unprocessable(kind === 'pdf' ? CV_MESSAGES.scanned : CV_MESSAGES.empty);
  return text;
}
