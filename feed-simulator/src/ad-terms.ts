import type { Random } from './prng.js';
import type { FeedConcept, OccupationProfile, SimulatorData } from './simulator-data.js';

/**
 * Must-have and nice-to-have skills from the profile's curated list; skills the headline names
 * ('Javautvecklare' → Java) come first, so an ad always requires the first of them.
 */
export function pickSkills(
  random: Random,
  profile: OccupationProfile,
  headline: string,
): [FeedConcept[], FeedConcept[]] {
  const preferred = profile.titleSkills
    .filter(([keyword]) => headline.includes(keyword))
    .flatMap(([, list]) => list);
  const others = random.sample(
    profile.skills.filter((skill) => !preferred.some((chosen) => chosen.concept_id === skill.concept_id)),
    profile.skills.length,
  );
  const ordered = [...new Map([...preferred, ...others].map((skill) => [skill.concept_id, skill])).values()];
  const mustCount = Math.min(ordered.length, random.between(preferred.length > 0 ? 1 : 0, 3));
  const niceCount = Math.min(ordered.length - mustCount, random.between(0, 3));
  return [ordered.slice(0, mustCount), ordered.slice(mustCount, mustCount + niceCount)];
}

/** Extent, employment type, duration and wage type, drawn with Platsbanken-like frequencies. */
export function employmentTerms(random: Random, data: SimulatorData, profile: OccupationProfile) {
  const partTime = random.chance(profile.partTime);
  const extent = data.valueSet('worktime-extent', partTime ? 'Deltid' : 'Heltid');
  const scopeMin = partTime ? random.pick([25, 50, 50, 75, 75, 80, 90]) : 100;
  const roll = random.next();
  const employmentType = data.valueSet(
    'employment-type',
    roll < 0.86 ? 'Vanlig anställning' : roll < 0.93 ? 'Behovsanställning' : 'Sommarjobb / feriejobb',
  );
  const temporary = employmentType.label !== 'Vanlig anställning';
  const duration = data.valueSet(
    'employment-duration',
    temporary
      ? random.pick(['3 - 6 månader', '11 dagar - 3 månader', 'max 10 dagar'])
      : random.chance(0.8)
        ? 'Tillsvidare'
        : '6 månader eller längre',
  );
  const salaryRoll = random.next();
  const salaryType = data.valueSet(
    'wage-type',
    salaryRoll < 0.86
      ? 'Fast månads- vecko- eller timlön'
      : salaryRoll < 0.96
        ? 'Fast och rörlig lön'
        : 'Rörlig ackords- eller provisionslön',
  );
  return {
    extent,
    scope: { min: scopeMin, max: partTime ? Math.min(100, scopeMin + 20) : 100 },
    employmentType,
    duration,
    salaryType,
  };
}
