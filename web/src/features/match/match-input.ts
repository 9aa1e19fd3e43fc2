/** The CV file types we accept: PDF and Word. */
export const CV_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const CV_ACCEPT = CV_EXTENSIONS.join(',');
/** Checked here so a visitor with a huge file hears about it before a long upload, not after. */
export const MAX_CV_BYTES = 5 * 1024 * 1024;

export const MISSING_INPUT_MESSAGE = 'Bifoga både CV och personligt brev.';
export const WRONG_TYPE_MESSAGE = 'CV:t måste vara en PDF- eller Word-fil (.pdf, .doc eller .docx).';
export const TOO_LARGE_MESSAGE = 'CV-filen är för stor. Den får vara högst 5 MB.';

/** The problem with the form's input, or null when it can be sent. */
export function matchInputProblem(cv: { name: string; size: number } | null, letter: string): string | null {
  if (!cv || cv.size === 0 || !letter.trim()) return MISSING_INPUT_MESSAGE;
  const name = cv.name.toLowerCase();
  if (!CV_EXTENSIONS.some((extension) => name.endsWith(extension))) return WRONG_TYPE_MESSAGE;
  if (cv.size > MAX_CV_BYTES) return TOO_LARGE_MESSAGE;
  return null;
}
