import { occupationDisplayName, skillDisplayName } from '../profile/concept-names.js';
import type { Candidate, Evidence } from './ranking.js';

const SEPARATOR = ' · ';
const MAX_LISTED = 4;

function list(labels: string[]): string {
  const names = [...new Set(labels.map(skillDisplayName))];
  const shown = names.slice(0, MAX_LISTED).join(', ');
  return names.length > MAX_LISTED ? `${shown} m.fl.` : shown;
}

function occupationPart(candidate: Candidate, evidence: Evidence): string | null {
  const adOccupation = candidate.occupation ? occupationDisplayName(candidate.occupation) : null;
  switch (evidence.occupationFit) {
    case 'occupation':
      // The ad's own name for it: the reason speaks of the ad, never of a title only the CV uses.
      return `Yrke: ${adOccupation ?? evidence.occupation?.name}`;
    case 'group':
      return `Yrke: ${adOccupation ?? candidate.occupationGroup} (samma yrkesgrupp som ${evidence.occupation?.name})`;
    case 'related-group':
      return `Närliggande yrke: ${adOccupation ?? candidate.occupationGroup}`;
    case 'title':
      return `Titeln nämner ${evidence.occupation?.name?.toLocaleLowerCase('sv-SE')}`;
    default:
      return null;
  }
}

function skillsPart(candidate: Candidate, evidence: Evidence): string | null {
  const required = candidate.mustHaveSkills?.length ?? 0;
  if (evidence.mustCovered.length > 0) {
    const merits = evidence.niceCovered.length ? ` · Meriterande: ${list(evidence.niceCovered)}` : '';
    return `Kompetenser: ${list(evidence.mustCovered)} (${evidence.mustCovered.length} av ${required} krav)${merits}`;
  }
  if (evidence.niceCovered.length > 0) return `Meriterande: ${list(evidence.niceCovered)}`;
  return null;
}

function placePart(candidate: Candidate, evidence: Evidence): string | null {
  switch (evidence.placeFit) {
    case 'municipality':
    case 'other-municipality':
      return `Ort: ${candidate.municipality}`;
    case 'nearby':
      return `Nära: ${candidate.municipality}`;
    case 'remote':
      return 'Distansarbete';
    case 'region':
      return `Län: ${candidate.region} (${candidate.municipality})`;
    default:
      return null;
  }
}

/**
 * Why an ad was suggested, in Swedish and with the concrete evidence:
 * 'Yrke: Systemutvecklare · Kompetenser: Java, SQL (2 av 3 krav) · Ort: Göteborg · Saknas: Kubernetes'.
 */
export function matchReason(candidate: Candidate, evidence: Evidence): string {
  const parts = [
    occupationPart(candidate, evidence),
    skillsPart(candidate, evidence),
    placePart(candidate, evidence),
    evidence.mustMissing.length ? `Saknas: ${list(evidence.mustMissing)}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(SEPARATOR) : 'Liknar innehållet i ditt CV';
}
