import { describeInterpretation, type QueryInterpretation } from '@jobbportalen/contracts';
import type {
  QueryInterpretationAnswer,
  QueryKnowledgeAnswer,
  ZeroHitHelp,
} from '@jobbportalen/contracts/api/job-query-help';
import { queryKnowledge, understandSearch } from '../../search/resolve-search.js';
import { searchTimeout } from '../../search/search-call.js';
import { assertDistanceParams } from './distance-params.js';
import type { JobsDependencies } from './jobs.service.js';
import type { JobsQuery } from './jobs.schemas.js';
import { zeroHitHelp } from './zero-hit-help.js';

/** How /api/jobs tells what it understood: every part named, null when not given by the text. */
export function interpretationAnswer(
  interpretation: QueryInterpretation | undefined,
): QueryInterpretationAnswer {
  if (interpretation === undefined) return null;
  return {
    typed: interpretation.typed,
    text: interpretation.text ?? null,
    mainCategory: interpretation.mainCategory ?? null,
    city: interpretation.city ?? null,
    extent: interpretation.extent ?? null,
    form: interpretation.form ?? null,
    description: describeInterpretation(interpretation),
  };
}

/** GET /api/jobs/zero-hit-help: the help for the search /api/jobs would run for the same parameters. */
export async function jobsZeroHitHelp(deps: JobsDependencies, params: JobsQuery): Promise<ZeroHitHelp> {
  assertDistanceParams(params);
  const { query } = await understandSearch(deps.facetValues, params);
  const values = await deps.facetValues.get();
  return zeroHitHelp(deps.searchEngine, deps.indexUid, query, values, searchTimeout().signal);
}

/** GET /api/jobs/query-rules: what the browser needs to understand a text as /api/jobs does. */
export const jobsQueryKnowledge = (deps: JobsDependencies): Promise<QueryKnowledgeAnswer> =>
  queryKnowledge(deps.facetValues);
