import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { INVALID_LINK, jobsPathOf, linkFailureText, linkTokenOf } from './alert-link';

describe('linkTokenOf', () => {
  it('reads the token, and nothing from a link without one', () => {
    expect(linkTokenOf('?token=abc.def')).toBe('abc.def');
    expect(linkTokenOf('?token=%20')).toBeNull();
    expect(linkTokenOf('')).toBeNull();
  });
});

describe('linkFailureText', () => {
  it("prefers the API's Swedish message", () => {
    expect(linkFailureText(new ApiError(400, 'INVALID_TOKEN', 'Länken har redan använts.', null))).toBe(
      'Länken har redan använts.',
    );
  });

  it('a refused link without a message is the invalid-link text; anything else a general failure', () => {
    expect(linkFailureText(new ApiError(404, null, '', null))).toBe(INVALID_LINK);
    expect(linkFailureText(new ApiError(0, null, '', null))).toBe('Något gick fel. Försök igen om en stund.');
    expect(linkFailureText(new Error('x'))).toBe('Något gick fel. Försök igen om en stund.');
  });
});

describe('jobsPathOf', () => {
  it('links only to the job browser', () => {
    expect(jobsPathOf('/jobb?search=kock')).toBe('/jobb?search=kock');
    expect(jobsPathOf('/jobb')).toBe('/jobb');
    expect(jobsPathOf('https://elak.example/jobb')).toBe('/jobb');
    expect(jobsPathOf('//elak.example')).toBe('/jobb');
    expect(jobsPathOf(undefined)).toBe('/jobb');
  });
});
