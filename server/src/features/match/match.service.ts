import type { MatchConfig } from '../../config.js';
import { readCvText } from './extraction/cv-text.js';
import { ExtractionPool } from './extraction/extraction-pool.js';
import type { MatchUpload } from './extraction/upload.js';
import { extractProfile, type CandidateProfile } from './profile/profile.js';
import { findMatches, type MatchDependencies, type MatchResult } from './ranking/find-matches.js';

export interface MatchServiceDependencies {
  search: MatchDependencies['search'];
  /** The public jobs index. */
  indexUid: string;
  config: Readonly<MatchConfig>;
}

export interface MatchService {
  /**
   * Jobs for an uploaded CV and letter: the CV's text (read in a worker thread), the profile
   * read from it and the letter, and the jobs ranked against that profile. Fails with an
   * AppError only: 415/422 for a file that cannot be read, 503 (CvReadersBusyError, with when
   * to try again) for full readers and for Meilisearch failures.
   */
  match(upload: MatchUpload): Promise<MatchResult>;
  /**
   * The profile read from a CV (and a letter, which may be empty), without ranking: what
   * 'Min profil' keeps. The same readers and the same errors as match.
   */
  readProfile(upload: MatchUpload): Promise<CandidateProfile>;
  /** What the CV readers have in hand now (metrics). */
  readers(): { busy: number; reservedBytes: number };
  /** Stops the CV readers. */
  close(): Promise<void>;
}

/** The one entry point of CV matching: extraction, then the profile, then ranking. */
export function createMatchService(deps: MatchServiceDependencies): MatchService {
  const pool = new ExtractionPool({
    timeoutMs: deps.config.extractionTimeoutMs,
    memoryBudgetMb: deps.config.extractionMemoryMb,
    maxHeapMb: deps.config.extractionHeapMb,
  });
  const ranking = { search: deps.search, indexUid: deps.indexUid, embeddings: deps.config.embeddings };
  return {
    async match(upload) {
      const cvText = await readCvText(pool, upload.cv);
      const profile = extractProfile(cvText, upload.letter);
      return findMatches(ranking, profile, cvText);
    },
    async readProfile(upload) {
      const cvText = await readCvText(pool, upload.cv);
      return extractProfile(cvText, upload.letter);
    },
    readers: () => ({ busy: pool.busy, reservedBytes: pool.reserved }),
    close: () => pool.close(),
  };
}
