import { describe, expect, it } from 'vitest';
import { fitSummary, requirementText } from './fit-text';

describe('fit texts', () => {
  it("says 'Du uppfyller {met} av {required} krav', or that the ad names none", () => {
    expect(fitSummary({ met: 4, required: 5 })).toBe('Du uppfyller 4 av 5 krav');
    expect(fitSummary({ met: 0, required: 3 })).toBe('Du uppfyller 0 av 3 krav');
    expect(fitSummary({ met: 0, required: 0 })).toBe('Annonsen anger inga krav');
  });

  it('names what the profile has when it says more than the requirement, and what is missing', () => {
    const licence = { kind: 'licence', label: 'Körkort B', required: true } as const;
    expect(requirementText({ ...licence, met: true, evidence: 'CE' })).toBe('Körkort B – du har CE');
    expect(requirementText({ ...licence, met: false, evidence: null })).toBe('Körkort B – saknas');
    const skill = { kind: 'skill', label: 'Java', required: false, met: true } as const;
    expect(requirementText({ ...skill, evidence: 'java' })).toBe('Java');
    expect(
      requirementText({
        kind: 'experience',
        label: 'Erfarenhet',
        required: true,
        met: true,
        evidence: 'Systemutvecklare, 5 år',
      }),
    ).toBe('Erfarenhet – du har Systemutvecklare, 5 år');
  });
});
