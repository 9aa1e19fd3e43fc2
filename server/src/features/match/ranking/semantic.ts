import type { Meilisearch } from 'meilisearch';
import type { EmbeddingsConfig } from '../../../config.js';
import { CANDIDATE_FIELDS } from './match-queries.js';
import type { Candidate } from './ranking.js';

const EMBEDDING_TIMEOUT_MS = 3_000;
/** Embedding models take a few thousand tokens; the top of a CV says what it is about. */
const MAX_INPUT_CHARS = 4_000;

/**
 * The CV as a vector from an OpenAI-compatible /embeddings endpoint, or null when it does not
 * answer in time or answers something else. Matching then goes on without the semantic signal.
 */
export async function embed(config: EmbeddingsConfig, text: string): Promise<number[] | null> {
  try {
    const response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, input: text.slice(0, MAX_INPUT_CHARS) }),
      signal: AbortSignal.timeout(EMBEDDING_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: Array<{ embedding?: unknown }> };
    const vector = body.data?.[0]?.embedding;
    return Array.isArray(vector) && vector.length > 0 && vector.every((value) => typeof value === 'number')
      ? (vector as number[])
      : null;
  } catch {
    return null;
  }
}

export interface SemanticResult {
  candidates: Candidate[];
  /** Meilisearch's ranking score (0–1) per ad id. */
  scores: Map<string, number>;
}

/**
 * A vector search over the index's embedder. Kept out of the keyword multi-search on purpose: an
 * index without that embedder makes this query fail, and it must not take the others with it.
 */
export async function semanticCandidates(
  client: Meilisearch,
  indexUid: string,
  config: EmbeddingsConfig,
  text: string,
): Promise<SemanticResult | null> {
  const vector = await embed(config, text);
  if (!vector) return null;
  try {
    const result = await client.index(indexUid).search<Candidate>('', {
      vector,
      hybrid: { embedder: config.embedder, semanticRatio: 1 },
      limit: 50,
      showRankingScore: true,
      attributesToRetrieve: CANDIDATE_FIELDS,
    });
    const scores = new Map<string, number>();
    for (const hit of result.hits) scores.set(hit.id, Number(hit._rankingScore ?? 0));
    return { candidates: result.hits, scores };
  } catch {
    return null;
  }
}
