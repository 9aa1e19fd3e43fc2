import { Type } from 'typebox';

/** The longest address SMTP can carry (RFC 5321's path limit less its angle brackets). */
export const EMAIL_MAX = 254;

/**
 * JSON-schema pattern of an address we accept: a plain mailbox. The local part is letters,
 * digits and `_ ' - +`, in dot-separated runs, starting with a letter, digit or '_'. The
 * standard allows far more (`% ! # $ & * / = ? ^ { | } ~`, quoted strings), but those are either
 * routing (`sub%evil.se@relay`: the percent hack, `!`: UUCP bang paths — a relay that honours
 * them sends our mail somewhere else) or practically unused by people, and each accepted
 * address is one our server mails. The domain is judged by `format: 'email'` beside it.
 */
export const EMAIL_PATTERN = "^[A-Za-z0-9_][A-Za-z0-9_'+-]*(\\.[A-Za-z0-9_'+-]+)*@[^@\\s]+$";

/** An e-mail address in a request body: every route that mails an address takes it so. */
export const EmailAddress = (description: string) =>
  Type.String({ format: 'email', maxLength: EMAIL_MAX, pattern: EMAIL_PATTERN, description });
