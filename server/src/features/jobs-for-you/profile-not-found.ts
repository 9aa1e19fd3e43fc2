import { AppError } from '../../errors.js';

/** 404 for what needs a kept profile ('Jobb för dig', a profile search) when the account has none. */
export const profileNotFound = () =>
  new AppError(404, 'PROFILE_NOT_FOUND', 'Du har ingen sparad profil. Skapa den under Min profil först.');
