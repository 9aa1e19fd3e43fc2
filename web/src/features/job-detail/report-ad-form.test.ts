import { describe, expect, it } from 'vitest';
import { reportAdProblems } from './report-ad-form';

describe('the report form', () => {
  it('asks for a reason, and for a description only with Annat', () => {
    expect(reportAdProblems({ reason: null, message: '' })).toEqual({
      reason: 'Välj varför du anmäler annonsen.',
    });
    expect(reportAdProblems({ reason: 'fraud', message: '' })).toEqual({});
    expect(reportAdProblems({ reason: 'other', message: '   ' })).toEqual({
      message: 'Beskriv vad som är fel med annonsen.',
    });
    expect(reportAdProblems({ reason: 'other', message: 'Länken leder fel.' })).toEqual({});
  });

  it('holds the description to 1000 characters', () => {
    expect(reportAdProblems({ reason: 'payment', message: 'x'.repeat(1000) })).toEqual({});
    expect(reportAdProblems({ reason: 'payment', message: 'x'.repeat(1001) })).toEqual({
      message: 'Beskrivningen får vara högst 1000 tecken.',
    });
  });
});
