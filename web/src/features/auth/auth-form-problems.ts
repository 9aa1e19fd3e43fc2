export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const PASSWORD_MISMATCH_MESSAGE = 'Lösenorden matchar inte.';

// Deliberately loose: the server decides what an address is; this only catches obvious typos.
const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/**
 * The first problem with a registration form (a field missing, passwords that differ), or null when
 * it can be sent.
 */
export function registrationProblem(input: RegistrationInput): string | null {
  if (!input.name.trim() || !input.email.trim() || !input.password || !input.confirmPassword) {
    return 'Fyll i namn, e-postadress, lösenord och bekräfta lösenordet.';
  }
  if (!looksLikeEmail(input.email)) return 'Ange en giltig e-postadress.';
  if (input.password !== input.confirmPassword) return PASSWORD_MISMATCH_MESSAGE;
  return null;
}

/** The problem with a login form (both fields are required), or null. */
export function loginProblem(input: { email: string; password: string }): string | null {
  if (!input.email.trim() || !input.password) return 'Fyll i e-postadress och lösenord.';
  if (!looksLikeEmail(input.email)) return 'Ange en giltig e-postadress.';
  return null;
}

/** The problem with the 'Glömt lösenord?' form, or null. */
export function forgotPasswordProblem(email: string): string | null {
  if (!email.trim()) return 'Ange din e-postadress.';
  if (!looksLikeEmail(email)) return 'Ange en giltig e-postadress.';
  return null;
}

/** The problem with the new-password form (both fields, and the same twice), or null. */
export function newPasswordProblem(input: { password: string; confirmPassword: string }): string | null {
  if (!input.password || !input.confirmPassword) return 'Fyll i det nya lösenordet två gånger.';
  if (input.password !== input.confirmPassword) return PASSWORD_MISMATCH_MESSAGE;
  return null;
}
