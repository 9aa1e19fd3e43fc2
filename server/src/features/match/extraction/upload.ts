import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { AppError, badRequest } from '../../../errors.js';

export const UPLOAD_LIMITS = {
  fileBytes: 5 * 1024 * 1024,
  letterChars: 20_000,
  /** Bytes of the letter field: 20 000 characters are at most 80 000 bytes of UTF-8 (4 per emoji). */
  letterFieldBytes: 100_000,
};

/** Busboy limits for the route's multipart parser. */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_LIMITS.fileBytes,
  files: 1,
  fields: 4,
  fieldSize: UPLOAD_LIMITS.letterFieldBytes,
  fieldNameSize: 100,
  parts: 6,
  headerPairs: 50,
};

export const UPLOAD_MESSAGES = {
  missing: 'Bifoga både CV och personligt brev.',
  fileTooLarge: 'CV-filen är för stor. Den får vara högst 5 MB.',
  letterTooLong: 'Det personliga brevet är för långt. Det får vara högst 20 000 tecken.',
  oneFile: 'Bifoga bara en CV-fil.',
  tooManyFields: 'Formuläret innehåller för många fält.',
  unreadable: 'Formuläret kunde inte läsas. Försök igen.',
} as const;

export interface MatchUpload {
  cv: Buffer;
  letter: string;
}

const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);

function translate(error: unknown): Error {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(UPLOAD_MESSAGES.fileTooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest(UPLOAD_MESSAGES.oneFile);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return tooLarge(UPLOAD_MESSAGES.tooManyFields);
    default:
      // Malformed multipart, a client that hung up, a prototype-polluting field name.
      return badRequest(UPLOAD_MESSAGES.unreadable);
  }
}

/**
 * Reads the `cv` file and the `letter` field into memory. Nothing touches the disk, and other
 * parts are drained and dropped. Limits are enforced while streaming, so an oversized upload is
 * cut off at 5 MB instead of being buffered whole.
 */
export async function readMatchUpload(request: FastifyRequest): Promise<MatchUpload> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.missing);
  let cv: Buffer | undefined;
  let letter: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'cv' && cv === undefined) cv = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'letter' && typeof part.value === 'string') {
        if (part.valueTruncated) throw tooLarge(UPLOAD_MESSAGES.letterTooLong);
        letter = part.value;
      }
    }
  } catch (error) {
    throw translate(error);
  }
  const letterText = letter?.trim() ?? '';
  // A browser sends an empty file part when no file was chosen.
  if (!cv || cv.length === 0 || letterText === '') throw badRequest(UPLOAD_MESSAGES.missing);
  // Characters as people count them (code points), not UTF-16 units.
  if ([...letterText].length > UPLOAD_LIMITS.letterChars) throw tooLarge(UPLOAD_MESSAGES.letterTooLong);
  return { cv, letter: letterText };
}
