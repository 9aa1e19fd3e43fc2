import type { AdFit, FitRequirement } from '@jobbportalen/contracts/api/candidate-profile';

/** A card's line: 'Du uppfyller 4 av 5 krav', or that the ad asks for nothing. */
export const fitSummary = (fit: Pick<AdFit, 'met' | 'required'>): string =>
  fit.required > 0 ? `Du uppfyller ${fit.met} av ${fit.required} krav` : 'Annonsen anger inga krav';

const sameText = (a: string, b: string) => a.toLocaleLowerCase('sv-SE') === b.toLocaleLowerCase('sv-SE');

/**
 * One requirement as the ad page lists it: 'Körkort B – du har CE', 'Java' (what the profile has
 * is the same), 'Tyska – saknas'.
 */
export function requirementText(requirement: FitRequirement): string {
  if (!requirement.met) return `${requirement.label} – saknas`;
  const evidence = requirement.evidence;
  return evidence && !sameText(evidence, requirement.label)
    ? `${requirement.label} – du har ${evidence}`
    : requirement.label;
}
