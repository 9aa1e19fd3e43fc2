import { Type, type Static } from '@fastify/type-provider-typebox';
import { NO_NUL, type FieldMessages } from '../auth/validation.js';

const JobId = Type.String({ minLength: 1, maxLength: 200, pattern: NO_NUL, description: 'Annonsens id' });

export const SaveJobBody = Type.Object({ jobId: JobId }, { additionalProperties: false });
export type SaveJobBody = Static<typeof SaveJobBody>;

export const SavedJobParams = Type.Object({ jobId: JobId });

export const jobIdMessages: FieldMessages = { jobId: { default: 'Ange ett giltigt jobb-id.' } };
