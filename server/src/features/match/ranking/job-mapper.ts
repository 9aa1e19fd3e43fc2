// Matches answer their hits as Jobs with the jobs' own mapper: one mapping from a search hit.
export { jobFromSearchHit as toJob } from '../../../http/job-response.js';
