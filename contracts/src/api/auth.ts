import { Type, type Static } from 'typebox';

/** POST /api/auth/login: the session token the browser keeps and sends back. */
export const TokenResponse = Type.Object({
  token: Type.String({ description: 'JWT (HS256), giltig i 7 dagar. Skickas som Bearer-token.' }),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** GET /api/auth/me: the logged-in visitor, with the role as the database has it now. */
export const Me = Type.Object({
  name: Type.String(),
  email: Type.String(),
  role: Type.Union([Type.Literal('candidate'), Type.Literal('admin')]),
  emailVerified: Type.Boolean({
    description: 'Adressen är bekräftad (bevakningar mejlas först då)',
  }),
});
export type Me = Static<typeof Me>;

/**
 * The answer of the account's mail routes (verify-email, resend-verification, forgot-password,
 * reset-password): a Swedish sentence to show as it is.
 */
export const AccountMessage = Type.Object({ message: Type.String() });
export type AccountMessage = Static<typeof AccountMessage>;
