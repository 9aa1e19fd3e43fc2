/**
 * The CV files the server reads, checked in the browser so a visitor with a wrong or huge file
 * hears about it before a long upload: one list for 'Matcha mig' and Min profil.
 */
export const CV_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const CV_ACCEPT = CV_EXTENSIONS.join(',');
export const MAX_CV_BYTES = 5 * 1024 * 1024;

export const CV_FILE_TEXT = {
  wrongType: 'CV:t måste vara en PDF- eller Word-fil (.pdf, .doc eller .docx).',
  tooLarge: 'CV-filen är för stor. Den får vara högst 5 MB.',
} as const;

/** What is wrong with a chosen (non-empty) CV file, or null. */
export function cvFileProblem(cv: { name: string; size: number }): string | null {
  const name = cv.name.toLowerCase();
  if (!CV_EXTENSIONS.some((extension) => name.endsWith(extension))) return CV_FILE_TEXT.wrongType;
  if (cv.size > MAX_CV_BYTES) return CV_FILE_TEXT.tooLarge;
  return null;
}
