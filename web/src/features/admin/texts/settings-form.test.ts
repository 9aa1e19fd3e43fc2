import { describe, expect, it } from 'vitest';
import { settingsProblems, toForm, toPayload } from './settings-form';

const form = { heroTitle: 'Sommarjobb', heroSubtitle: 'I hela Sverige', ctaText: 'Sök' };

describe('settings form', () => {
  it('turns missing texts into empty fields', () => {
    expect(toForm({ heroTitle: null, heroSubtitle: 'Hej' })).toEqual({
      heroTitle: '',
      heroSubtitle: 'Hej',
      ctaText: '',
    });
    expect(toForm(null)).toEqual({ heroTitle: '', heroSubtitle: '', ctaText: '' });
  });

  it('sends trimmed texts, empty ones included (they clear the setting)', () => {
    expect(toPayload({ heroTitle: '  Hej  ', heroSubtitle: '', ctaText: ' ' })).toEqual({
      heroTitle: 'Hej',
      heroSubtitle: '',
      ctaText: '',
    });
  });

  it('accepts texts up to the server limits, spaces around them not counted', () => {
    expect(settingsProblems(form)).toEqual({});
    expect(settingsProblems({ ...form, heroTitle: ` ${'a'.repeat(120)} ` })).toEqual({});
    expect(settingsProblems({ ...form, ctaText: 'a'.repeat(60) })).toEqual({});
  });

  it('names each field that is too long, in Swedish', () => {
    expect(
      settingsProblems({
        heroTitle: 'a'.repeat(121),
        heroSubtitle: 'a'.repeat(301),
        ctaText: 'a'.repeat(61),
      }),
    ).toEqual({
      heroTitle: 'Rubriken får vara högst 120 tecken lång.',
      heroSubtitle: 'Underrubriken får vara högst 300 tecken lång.',
      ctaText: 'Knapptexten får vara högst 60 tecken lång.',
    });
  });

  it('refuses NUL characters like the server', () => {
    expect(settingsProblems({ ...form, ctaText: 'a\u0000b' }).ctaText).toBe(
      'Knapptexten innehåller otillåtna tecken.',
    );
  });
});
