import type { Job } from '@jobbportalen/contracts';
import type { MatchProfile } from '@jobbportalen/contracts/api/match';
import { request } from '../../lib/api-client';

/** A job in the match answer: the server's MatchedJob (a Job with why and how well it fits). */
export type MatchedJob = Job & { matchReason: string; score: number };

export interface MatchResult {
  matches: MatchedJob[];
  profile: MatchProfile | null;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Tolerates a thinner answer than documented (spec: "the full result shape is not shown"). */
function normalise(body: unknown): MatchResult {
  const raw = (body ?? {}) as { matches?: unknown; profile?: Partial<Record<keyof MatchProfile, unknown>> };
  const profile = raw.profile
    ? {
        occupations: strings(raw.profile.occupations),
        skills: strings(raw.profile.skills),
        languages: strings(raw.profile.languages),
        drivingLicences: strings(raw.profile.drivingLicences),
        locations: strings(raw.profile.locations),
        yearsOfExperience:
          typeof raw.profile.yearsOfExperience === 'number' ? raw.profile.yearsOfExperience : null,
      }
    : null;
  const matches = Array.isArray(raw.matches) ? (raw.matches as MatchedJob[]) : [];
  return { matches, profile };
}

export async function matchCv(cv: File, letter: string): Promise<MatchResult> {
  const form = new FormData();
  form.append('cv', cv, cv.name);
  form.append('letter', letter);
  return normalise(await request<unknown>('/api/ai/match', { method: 'POST', form }));
}
