import { Type, type Static } from '@fastify/type-provider-typebox';
import { NO_NUL, type FieldMessages } from '../../http/validation.js';

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;

const PASSWORD_RULE = `Lösenordet måste vara ${PASSWORD_MIN}–${PASSWORD_MAX} tecken långt.`;

// additionalProperties: false together with the app's `removeAdditional` drops unknown fields
// (such as a `role` a client hopes to set) before the handler sees the body.
export const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: NAME_MAX, pattern: NO_NUL, description: 'Trimmas' }),
    email: Type.String({
      format: 'email',
      maxLength: EMAIL_MAX,
      pattern: NO_NUL,
      description: 'Trimmas och sparas med små bokstäver',
    }),
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

// The answers the browser reads are defined once, in contracts, for both sides.
export { Me as ProfileResponse, TokenResponse } from '@jobbportalen/contracts/api/auth';
