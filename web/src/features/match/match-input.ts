import { CV_FILE_TEXT, cvFileProblem } from '../../lib/cv-file';

export const MISSING_INPUT_MESSAGE = 'Bifoga både CV och personligt brev.';
export const WRONG_TYPE_MESSAGE = CV_FILE_TEXT.wrongType;
export const TOO_LARGE_MESSAGE = CV_FILE_TEXT.tooLarge;

/** The problem with the form's input, or null when it can be sent. */
export function matchInputProblem(cv: { name: string; size: number } | null, letter: string): string | null {
  if (!cv || cv.size === 0 || !letter.trim()) return MISSING_INPUT_MESSAGE;
  return cvFileProblem(cv);
}
