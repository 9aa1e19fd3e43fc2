import { describe, expect, it } from 'vitest';
import { JobQueryParams } from './job-query-params.js';
import { JOB_QUERY_PARAM_NAMES } from '../job-query-url.js';

describe('JobQueryParams', () => {
  it('describes exactly the parameters parseJobQuery reads', () => {
    expect(Object.keys(JobQueryParams.properties).sort()).toEqual(
      Object.values(JOB_QUERY_PARAM_NAMES).sort(),
    );
  });
});
