import { Type, type Static } from 'typebox';
import { NO_NUL } from './text-rules.js';

const JobId = Type.String({ minLength: 1, maxLength: 200, pattern: NO_NUL, description: 'Annonsens id' });

/** POST /api/candidate/save-job. */
export const SaveJobBody = Type.Object({ jobId: JobId }, { additionalProperties: false });
export type SaveJobBody = Static<typeof SaveJobBody>;

/** DELETE /api/candidate/saved-jobs/:jobId. */
export const SavedJobParams = Type.Object({ jobId: JobId });
export type SavedJobParams = Static<typeof SavedJobParams>;
