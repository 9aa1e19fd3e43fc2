import type { QueryRules } from '@jobbportalen/contracts';
import { lazy, readDataFile } from './data-file.js';

/**
 * The query-understanding rules (data/query-understanding.json): how 'lärarjobb malmö' or 'jobb
 * som kock i malmö' is read before Meilisearch sees it. Contracts' understandJobQuery applies them;
 * the server gives them to the browser (/api/jobs/query-rules) so both read a text alike.
 */
export const queryRules = lazy((): QueryRules => {
  const { _note: _ignored, ...rules } = readDataFile<QueryRules & { _note?: string }>(
    'query-understanding.json',
  );
  return rules;
});
