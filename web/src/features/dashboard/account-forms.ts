export const PASSWORD_REQUIRED = 'Ange ditt lösenord.';
export const DELETE_FAILED = 'Kunde inte radera kontot. Försök igen senare.';
export const EXPORT_FAILED = 'Kunde inte hämta dina uppgifter. Försök igen senare.';
export const LOGOUT_EVERYWHERE_FAILED = 'Kunde inte logga ut på alla enheter. Försök igen senare.';

/**
 * The problem with the password typed to delete the account, or null. Only an empty field is
 * caught here: whether it is the password only the server knows (spaces may be part of one).
 */
export const deletePasswordProblem = (password: string): string | null =>
  password ? null : PASSWORD_REQUIRED;
