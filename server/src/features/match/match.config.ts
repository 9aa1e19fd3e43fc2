/**
 * Settings of CV matching, read from the environment once per app (config.ts belongs to the
 * whole server; these stay beside the feature until they move there).
 *
 *   MATCH_RATE_LIMIT_PER_IP       requests per minute and IP (default 10)
 *   MATCH_EXTRACTION_TIMEOUT_MS   time limit for reading one CV file (default 10000)
 *   MATCH_EXTRACTION_MEMORY_MB    memory all CV readings in progress may reserve together; a file
 *                                 that does not fit gets a 503 with Retry-After (default 256)
 *   MATCH_EXTRACTION_HEAP_MB      V8 heap of one CV reader thread (default 128, at least 32)
 *   EMBEDDINGS_URL                OpenAI-compatible embeddings endpoint, e.g. http://127.0.0.1:11434/v1/embeddings
 *   EMBEDDINGS_MODEL              model name sent to it
 *   EMBEDDINGS_API_KEY            bearer key for it (optional)
 *   EMBEDDINGS_EMBEDDER           the Meilisearch embedder (index setting) to search with (default 'default')
 * Semantic search is on only when EMBEDDINGS_URL and EMBEDDINGS_MODEL are both set.
 */
export interface EmbeddingsConfig {
  url: string;
  model: string;
  apiKey: string | undefined;
  embedder: string;
}

export interface MatchConfig {
  ratePerMinute: number;
  extractionTimeoutMs: number;
  extractionMemoryMb: number;
  extractionHeapMb: number;
  embeddings: EmbeddingsConfig | null;
}

type Env = Record<string, string | undefined>;

function wholeNumber(env: Env, name: string, fallback: number, problems: string[]): number {
  const text = env[name]?.trim() || String(fallback);
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1) problems.push(`${name} must be a whole number ≥ 1`);
  return Number(text);
}

export function loadMatchConfig(env: Env = process.env): Readonly<MatchConfig> {
  const problems: string[] = [];
  const ratePerMinute = wholeNumber(env, 'MATCH_RATE_LIMIT_PER_IP', 10, problems);
  const extractionTimeoutMs = wholeNumber(env, 'MATCH_EXTRACTION_TIMEOUT_MS', 10_000, problems);
  const extractionMemoryMb = wholeNumber(env, 'MATCH_EXTRACTION_MEMORY_MB', 256, problems);
  const extractionHeapMb = wholeNumber(env, 'MATCH_EXTRACTION_HEAP_MB', 128, problems);
  // Below this the parsers themselves (about 13 MB once loaded) leave too little for a CV.
  if (extractionHeapMb < 32) problems.push('MATCH_EXTRACTION_HEAP_MB must be at least 32');
  if (extractionMemoryMb < extractionHeapMb)
    problems.push('MATCH_EXTRACTION_MEMORY_MB must be at least MATCH_EXTRACTION_HEAP_MB');
  const url = env.EMBEDDINGS_URL?.trim();
  const model = env.EMBEDDINGS_MODEL?.trim();
  let embeddings: EmbeddingsConfig | null = null;
  if (url || model) {
    if (!url || !model) problems.push('EMBEDDINGS_URL and EMBEDDINGS_MODEL must be set together');
    else if (!/^https?:\/\//.test(url)) problems.push('EMBEDDINGS_URL must be an http(s) URL');
    else
      embeddings = {
        url,
        model,
        apiKey: env.EMBEDDINGS_API_KEY?.trim() || undefined,
        embedder: env.EMBEDDINGS_EMBEDDER?.trim() || 'default',
      };
  }
  if (problems.length > 0) throw new Error(`Invalid match configuration:\n  - ${problems.join('\n  - ')}`);
  return Object.freeze({
    ratePerMinute,
    extractionTimeoutMs,
    extractionMemoryMb,
    extractionHeapMb,
    embeddings,
  });
}
