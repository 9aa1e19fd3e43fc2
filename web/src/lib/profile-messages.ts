import { ApiError } from './api-client';
import { CV_FILE_TEXT, cvFileProblem } from './cv-file';

export const PROFILE_TEXT = {
  missingCv: 'Välj ditt CV.',
  ...CV_FILE_TEXT,
  consent: 'Kryssa i att du godkänner att vi sparar uppgifterna ur ditt CV.',
  failed: 'Det gick inte att spara din profil just nu. Försök igen om en stund.',
  unreachable: 'Vi når inte servern just nu. Kontrollera din anslutning och försök igen.',
} as const;

/** What is wrong with the form before it is sent, or null. */
export function profileInputProblem(
  cv: { name: string; size: number } | null,
  consent: boolean,
): string | null {
  if (!cv || cv.size === 0) return PROFILE_TEXT.missingCv;
  const fileProblem = cvFileProblem(cv);
  if (fileProblem) return fileProblem;
  if (!consent) return PROFILE_TEXT.consent;
  return null;
}

/**
 * A failed call as a Swedish sentence: the server's own for the codes it explains
 * (CONSENT_REQUIRED, UNKNOWN_CONCEPT, UNSUPPORTED_MEDIA_TYPE, UNPROCESSABLE_DOCUMENT,
 * PAYLOAD_TOO_LARGE, RATE_LIMITED, SERVICE_UNAVAILABLE), else a general one.
 */
export function profileFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return PROFILE_TEXT.failed;
  if (error.status === 0) return PROFILE_TEXT.unreachable;
  if (error.code === 'CONSENT_REQUIRED') return PROFILE_TEXT.consent;
  return error.message || PROFILE_TEXT.failed;
}
