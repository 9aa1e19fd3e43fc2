import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { answerFor } from '../plugins/error-handler.js';
import { tooManyAttempts, tooManyAttemptsMessage } from './too-many-attempts.js';

describe('the one 429 of the portal', () => {
  it.each([
    [1, 'Vänta 1 sekunder'],
    [0, 'Vänta 1 sekunder'],
    [1_500, 'Vänta 2 sekunder'],
    [60_000, 'Vänta 60 sekunder'],
    [120_000, 'Vänta 120 sekunder'],
    [120_001, 'Vänta 3 minuter'],
    [15 * 60_000, 'Vänta 15 minuter'],
  ])('tells a wait of %i ms as "%s"', (ttlMs, wait) => {
    expect(tooManyAttemptsMessage(ttlMs)).toBe(`För många försök. ${wait} och försök igen.`);
  });

  it('asks for a while when the wait is not known', () => {
    expect(tooManyAttemptsMessage()).toBe('För många försök. Vänta en stund och försök igen.');
  });

  it('is an AppError with status 429 and the code RATE_LIMITED', () => {
    const error = tooManyAttempts(30_000);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'För många försök. Vänta 30 sekunder och försök igen.',
    });
  });

  it('is also the answer of a bare 429 that reaches the error handler', () => {
    expect(answerFor({ statusCode: 429 })).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: tooManyAttemptsMessage(),
    });
  });
});
