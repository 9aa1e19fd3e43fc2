import { ApiError } from './api-client';

/** The CV file types the server reads: PDF and Word. */
export const CV_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const CV_ACCEPT = CV_EXTENSIONS.join(',');
const MAX_CV_BYTES = 5 * 1024 * 1024;

export const PROFILE_TEXT = {
  missingCv: 'Välj ditt CV.',
  wrongType: 'CV:t måste vara en PDF- eller Word-fil (.pdf, .doc eller .docx).',
  tooLarge: 'CV-filen är för stor. Den får vara högst 5 MB.',
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
  const name = cv.name.toLowerCase();
  if (!CV_EXTENSIONS.some((extension) => name.endsWith(extension))) return PROFILE_TEXT.wrongType;
  if (cv.size > MAX_CV_BYTES) return PROFILE_TEXT.tooLarge;
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
