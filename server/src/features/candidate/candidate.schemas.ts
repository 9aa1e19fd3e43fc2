import type { FieldMessages } from '../../http/validation.js';

// The candidate's requests are shared with the web app through contracts.
export { DeleteAccountBody, SavedJobParams, SaveJobBody } from '@jobbportalen/contracts/api/candidate';

export const jobIdMessages: FieldMessages = { jobId: { default: 'Ange ett giltigt jobb-id.' } };

export const WRONG_PASSWORD_MESSAGE = 'Fel lösenord.';

export const PASSWORD_REQUIRED_MESSAGE = 'Ange ditt lösenord.';

/** A too long password is no account's: it is as wrong as any other (see DeleteAccountBody). */
export const deleteAccountMessages: FieldMessages = {
  password: { default: PASSWORD_REQUIRED_MESSAGE, maxLength: WRONG_PASSWORD_MESSAGE },
};
