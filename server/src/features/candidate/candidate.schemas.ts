import type { FieldMessages } from '../../http/validation.js';

// The saved-jobs requests are shared with the web app through contracts.
export { SavedJobParams, SaveJobBody } from '@jobbportalen/contracts/api/candidate';

export const jobIdMessages: FieldMessages = { jobId: { default: 'Ange ett giltigt jobb-id.' } };
