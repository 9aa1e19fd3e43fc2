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

export interface UploadOptions {
  /** 'Min profil' reads a CV alone; matching needs the letter too. */
  letterRequired: boolean;
  /** Other text fields the route reads ('keepCv', 'consent'), returned as sent. */
  fields: readonly string[];
  /** Said when the CV (or a required letter) is missing. */
  missingMessage: string;
}

export interface CvUpload extends MatchUpload {
  fields: Record<string, string>;
  /** The file name the browser sent, as given (the caller makes it safe before it keeps it). */
  fileName: string;
}

const MATCH_UPLOAD: UploadOptions = {
  letterRequired: true,
  fields: [],
  missingMessage: UPLOAD_MESSAGES.missing,
};

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
  const { cv, letter } = await readCvUpload(request, MATCH_UPLOAD);
  return { cv, letter };
}

/** readMatchUpload's reader, for a route that needs other fields or no letter ('Min profil'). */
export async function readCvUpload(request: FastifyRequest, options: UploadOptions): Promise<CvUpload> {
  if (!request.isMultipart()) throw badRequest(options.missingMessage);
  let cv: Buffer | undefined;
  let fileName = '';
  let letter: string | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'cv' && cv === undefined) {
          cv = await part.toBuffer();
          fileName = part.filename;
        } else part.file.resume();
      } else if (part.fieldname === 'letter' && typeof part.value === 'string') {
        if (part.valueTruncated) throw tooLarge(UPLOAD_MESSAGES.letterTooLong);
        letter = part.value;
      } else if (options.fields.includes(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw translate(error);
  }
  const letterText = letter?.trim() ?? '';
  // A browser sends an empty file part when no file was chosen.
  if (!cv || cv.length === 0 || (options.letterRequired && letterText === ''))
    throw badRequest(options.missingMessage);
  // Characters as people count them (code points), not UTF-16 units.
  if ([...letterText].length > UPLOAD_LIMITS.letterChars) throw tooLarge(UPLOAD_MESSAGES.letterTooLong);
  return { cv, letter: letterText, fields, fileName };
}
