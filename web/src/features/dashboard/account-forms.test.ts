import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { DELETE_FAILED, deletePasswordProblem } from './account-forms';
import { failureText } from './failure-text';

describe("the 'Radera konto' password", () => {
  it('asks for the password when the field is empty, and judges nothing else', () => {
    expect(deletePasswordProblem('')).toBe('Ange ditt lösenord.');
    expect(deletePasswordProblem(' ')).toBeNull();
    expect(deletePasswordProblem('Grön-tekopp-vandrar-7')).toBeNull();
  });
});

describe('failureText', () => {
  it("shows the server's Swedish message, such as a wrong password's", () => {
    const wrong = new ApiError(400, 'VALIDATION_FAILED', 'Fel lösenord.', {});
    expect(failureText(wrong, DELETE_FAILED)).toBe('Fel lösenord.');
  });

  it('falls back to its own sentence when the server said nothing (or could not be reached)', () => {
    expect(failureText(new ApiError(502, null, '', 'Bad gateway'), DELETE_FAILED)).toBe(DELETE_FAILED);
    expect(failureText(new ApiError(0, null, '', null), DELETE_FAILED)).toBe(DELETE_FAILED);
    expect(failureText(new Error('boom'), DELETE_FAILED)).toBe(DELETE_FAILED);
  });
});
