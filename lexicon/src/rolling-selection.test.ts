import { describe, expect, it } from 'vitest';
import { saysRollingSelection } from './rolling-selection.js';

describe('saysRollingSelection', () => {
  it('finds the phrases Platsbanken ads use, ignoring case and line breaks', () => {
    expect(saysRollingSelection('Sista dag att ansöka är 1 mars. Urval sker löpande.')).toBe(true);
    expect(saysRollingSelection('VI TILLÄMPAR LÖPANDE URVAL, så skicka in din ansökan redan idag!')).toBe(
      true,
    );
    expect(saysRollingSelection('Urval och intervjuer\n  sker löpande under ansökningstiden.')).toBe(true);
    expect(saysRollingSelection(null, 'Vi intervjuar löpande')).toBe(true);
  });

  it('is false for an ad that does not say so', () => {
    expect(
      saysRollingSelection(
        'Vi söker en lagerarbetare med löpande arbetsuppgifter. Urvalet sker efter sista ansökningsdag.',
      ),
    ).toBe(false);
    expect(saysRollingSelection(null, undefined, '')).toBe(false);
  });
});
