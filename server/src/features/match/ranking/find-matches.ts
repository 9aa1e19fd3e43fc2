import type { Job, JobSearchDocument } from '@jobbportalen/contracts';
import type { MatchProfile } from '@jobbportalen/contracts/api/match';
import type { Meilisearch } from 'meilisearch';
import type { EmbeddingsConfig } from '../../../config.js';
import { serviceUnavailable } from '../../../errors.js';
import { searchCall } from '../../../search/search-call.js';
import { summarizeProfile, type CandidateProfile } from '../profile/profile.js';
import { jobFromSearchHit } from '../../../http/job-response.js';
import { buildQueries } from './match-queries.js';
import { matchReason } from './match-reason.js';
import { rankCandidates, type Candidate } from './ranking.js';
import { semanticCandidates } from './semantic.js';

/** The most jobs one match answers with. */
export const MATCH_LIMIT = 20;

export interface MatchDependencies {
  /**
   * The search engine, read per call: with several replicas its client is the one the read
   * router picks for that call (searchCall), and a failed call is tried once on another.
   */
  search: { readonly client: Meilisearch };
  indexUid: string;
  embeddings: EmbeddingsConfig | null;
}

export interface MatchResult {
  matches: Array<Job & { matchReason: string; score: number }>;
  profile: MatchProfile;
}

const searchUnavailable = () =>
  serviceUnavailable('Matchningen är inte tillgänglig just nu. Försök igen om en stund.');

async function keywordCandidates(deps: MatchDependencies, profile: CandidateProfile): Promise<Candidate[]> {
  const queries = buildQueries(profile, deps.indexUid);
  if (queries.length === 0) return [];
  const { results } = await searchCall(() =>
    deps.search.client.multiSearch<{ queries: typeof queries }, Candidate>({ queries }),
  );
  return results.flatMap((result) => result.hits);
}

/**
 * Jobs for a profile: targeted queries in one multi-search (plus a vector search when
 * embeddings are configured), re-ranked here, the best 20 answered as Jobs with a reason and a
 * score. A Meilisearch failure is a 503, never a 500.
 */
export async function findMatches(
  deps: MatchDependencies,
  profile: CandidateProfile,
  cvText: string,
): Promise<MatchResult> {
  const { embeddings } = deps;
  let keyword: Candidate[];
  let semantic;
  try {
    [keyword, semantic] = await Promise.all([
      keywordCandidates(deps, profile),
      embeddings
        ? searchCall(() => semanticCandidates(deps.search.client, deps.indexUid, embeddings, cvText))
        : Promise.resolve(null),
    ]);
  } catch {
    throw searchUnavailable();
  }
  const unique = new Map<string, Candidate>();
  for (const candidate of [...keyword, ...(semantic?.candidates ?? [])])
    if (!unique.has(candidate.id)) unique.set(candidate.id, candidate);

  const ranked = rankCandidates([...unique.values()], profile, semantic?.scores).slice(0, MATCH_LIMIT);
  if (ranked.length === 0) return { matches: [], profile: summarizeProfile(profile) };

  let documents: JobSearchDocument[];
  try {
    const ids = ranked.map((entry) => entry.candidate.id);
    const page = await searchCall(() =>
      deps.search.client.index<JobSearchDocument>(deps.indexUid).getDocuments({ ids, limit: MATCH_LIMIT }),
    );
    documents = page.results;
  } catch {
    throw searchUnavailable();
  }
  const byId = new Map(documents.map((document) => [document.id, document]));
  const matches = ranked.flatMap(({ candidate, score, evidence }) => {
    const document = byId.get(candidate.id);
    // An ad removed between the search and the fetch is simply left out.
    return document
      ? [{ ...jobFromSearchHit(document), matchReason: matchReason(candidate, evidence), score }]
      : [];
  });
  return { matches, profile: summarizeProfile(profile) };
}
