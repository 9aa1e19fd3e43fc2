import { Type, type Static } from '@fastify/type-provider-typebox';
import { EMAIL_MAX, EmailAddress } from '@jobbportalen/contracts/api/email-address';
import { NO_NUL, type FieldMessages } from '../../http/validation.js';

export { EMAIL_MAX };
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;

const PASSWORD_RULE = `Lösenordet måste vara ${PASSWORD_MIN}–${PASSWORD_MAX} tecken långt.`;

/**
 * A name is one line of text: no line breaks or other control characters (C0, DEL, C1, the
 * Unicode line and paragraph separators). It is printed in mails and on pages, and a name with
 * line breaks could lay out a message of its own there.
 */
const ONE_LINE = '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$';

// additionalProperties: false together with the app's `removeAdditional` drops unknown fields
// (such as a `role` a client hopes to set) before the handler sees the body.
export const RegisterBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: NAME_MAX,
      pattern: ONE_LINE,
      description: 'Trimmas; en rad, utan styrtecken',
    }),
    email: EmailAddress('Trimmas och sparas med små bokstäver'),
    password: Type.String({
      minLength: PASSWORD_MIN,
      maxLength: PASSWORD_MAX,
      description:
        'Inga krav på teckentyper, men ett lättgissat lösenord (vanligt, eller byggt av namnet, e-postadressen eller sajtens namn) avvisas med 400 VALIDATION_FAILED',
    }),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const registerMessages: FieldMessages = {
  name: {
    default: `Ange ditt namn (1–${NAME_MAX} tecken).`,
    maxLength: `Namnet får vara högst ${NAME_MAX} tecken långt.`,
    pattern: 'Namnet innehåller otillåtna tecken.',
  },
  email: {
    default: 'Ange en giltig e-postadress.',
    required: 'Ange din e-postadress.',
    maxLength: `E-postadressen får vara högst ${EMAIL_MAX} tecken lång.`,
  },
  password: { default: PASSWORD_RULE, required: 'Ange ett lösenord.' },
};

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: EMAIL_MAX, pattern: NO_NUL }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const loginMessages: FieldMessages = {
  email: {
    default: 'Ange din e-postadress.',
    maxLength: `E-postadressen får vara högst ${EMAIL_MAX} tecken lång.`,
  },
  password: {
    default: 'Ange ditt lösenord.',
    maxLength: `Lösenordet får vara högst ${PASSWORD_MAX} tecken långt.`,
  },
};

/** A mail link's token: ours are far shorter; anything longer is refused before it is read. */
const TOKEN_MAX = 1024;
const MailLinkToken = Type.String({
  minLength: 1,
  maxLength: TOKEN_MAX,
  description: 'Token från länken i e-postmeddelandet (parametern token)',
});

export const INVALID_VERIFY_LINK_MESSAGE = 'Länken är ogiltig eller har gått ut.';
export const INVALID_RESET_LINK_MESSAGE = 'Länken är ogiltig eller har gått ut. Be om en ny.';

export const VerifyEmailBody = Type.Object({ token: MailLinkToken }, { additionalProperties: false });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;
export const verifyEmailMessages: FieldMessages = { token: { default: INVALID_VERIFY_LINK_MESSAGE } };

export const ForgotPasswordBody = Type.Object(
  {
    email: EmailAddress('Trimmas; samma svar oavsett om adressen har ett konto'),
  },
  { additionalProperties: false },
);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;
export const forgotPasswordMessages: FieldMessages = { email: registerMessages.email! };

export const ResetPasswordBody = Type.Object(
  {
    token: MailLinkToken,
    password: Type.String({
      minLength: PASSWORD_MIN,
      maxLength: PASSWORD_MAX,
      description: 'Samma regler som vid registrering',
    }),
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
export const resetPasswordMessages: FieldMessages = {
  token: { default: INVALID_RESET_LINK_MESSAGE },
  password: registerMessages.password!,
};

// The answers the browser reads are defined once, in contracts, for both sides.
export { AccountMessage, Me as ProfileResponse, TokenResponse } from '@jobbportalen/contracts/api/auth';
