import { describe, expect, it } from 'vitest';
import { MAX_CV_BYTES } from '../../lib/cv-file';
import {
  MISSING_INPUT_MESSAGE,
  TOO_LARGE_MESSAGE,
  WRONG_TYPE_MESSAGE,
  matchInputProblem,
} from './match-input';

const cv = (name: string, size = 20_000) => ({ name, size });

describe('matchInputProblem', () => {
  it('needs both a CV and a letter', () => {
    expect(matchInputProblem(null, 'Hej!')).toBe(MISSING_INPUT_MESSAGE);
    expect(matchInputProblem(cv('cv.pdf'), '   ')).toBe(MISSING_INPUT_MESSAGE);
    expect(matchInputProblem(cv('cv.pdf', 0), 'Hej!')).toBe(MISSING_INPUT_MESSAGE);
    expect(MISSING_INPUT_MESSAGE).toBe('Bifoga både CV och personligt brev.');
  });

  it('accepts PDF and Word files in any letter case', () => {
    expect(matchInputProblem(cv('Mitt CV.PDF'), 'Hej!')).toBeNull();
    expect(matchInputProblem(cv('cv.doc'), 'Hej!')).toBeNull();
    expect(matchInputProblem(cv('cv.docx'), 'Hej!')).toBeNull();
  });

  it('refuses other file types', () => {
    expect(matchInputProblem(cv('cv.odt'), 'Hej!')).toBe(WRONG_TYPE_MESSAGE);
    expect(matchInputProblem(cv('cv.pdf.exe'), 'Hej!')).toBe(WRONG_TYPE_MESSAGE);
  });

  it('refuses files over 5 MB', () => {
    expect(matchInputProblem(cv('cv.pdf', MAX_CV_BYTES), 'Hej!')).toBeNull();
    expect(matchInputProblem(cv('cv.pdf', MAX_CV_BYTES + 1), 'Hej!')).toBe(TOO_LARGE_MESSAGE);
  });
});
