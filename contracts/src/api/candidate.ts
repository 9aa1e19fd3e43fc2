import { Type, type Static } from 'typebox';
import { NO_NUL } from './text-rules.js';

const JobId = Type.String({ minLength: 1, maxLength: 200, pattern: NO_NUL, description: 'Annonsens id' });

/** POST /api/candidate/save-job. */
export const SaveJobBody = Type.Object({ jobId: JobId }, { additionalProperties: false });
export type SaveJobBody = Static<typeof SaveJobBody>;

/** DELETE /api/candidate/saved-jobs/:jobId. */
export const SavedJobParams = Type.Object({ jobId: JobId });
export type SavedJobParams = Static<typeof SavedJobParams>;

/**
 * DELETE /api/candidate/account: the current password, asked again so that a session left open
 * (or a stolen token) cannot take the account and everything in it away. The cap only bounds the
 * work of checking it: a longer password is no account's, and so simply wrong.
 */
export const DeleteAccountBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 1024, description: 'Kontots nuvarande lösenord' }),
  },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
