import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { MAX_CV_BYTES } from './cv-file';
import { PROFILE_TEXT, profileFailureText, profileInputProblem } from './profile-messages';

const cv = (name: string, size = 20_000) => ({ name, size });

describe('profileInputProblem', () => {
  it('needs a CV of a type and size the server reads', () => {
    expect(profileInputProblem(null, true)).toBe(PROFILE_TEXT.missingCv);
    expect(profileInputProblem(cv('cv.pdf', 0), true)).toBe(PROFILE_TEXT.missingCv);
    expect(profileInputProblem(cv('cv.odt'), true)).toBe(PROFILE_TEXT.wrongType);
    expect(profileInputProblem(cv('cv.pdf', MAX_CV_BYTES + 1), true)).toBe(PROFILE_TEXT.tooLarge);
  });

  it('needs consent, in the words both forms show', () => {
    expect(profileInputProblem(cv('Mitt CV.PDF'), false)).toBe(
      'Kryssa i att du godkänner att vi sparar uppgifterna ur ditt CV.',
    );
    expect(profileInputProblem(cv('cv.docx'), true)).toBeNull();
  });
});

describe('profileFailureText', () => {
  it("says the server's own text, the consent text for CONSENT_REQUIRED, else a general one", () => {
    expect(profileFailureText(new ApiError(429, 'RATE_LIMITED', 'Försök igen om en minut.', null))).toBe(
      'Försök igen om en minut.',
    );
    expect(profileFailureText(new ApiError(400, 'CONSENT_REQUIRED', 'Consent missing', null))).toBe(
      PROFILE_TEXT.consent,
    );
    expect(profileFailureText(new ApiError(500, null, '', null))).toBe(PROFILE_TEXT.failed);
    expect(profileFailureText(new ApiError(0, null, '', null))).toBe(PROFILE_TEXT.unreachable);
    expect(profileFailureText(new Error('boom'))).toBe(PROFILE_TEXT.failed);
  });
});
