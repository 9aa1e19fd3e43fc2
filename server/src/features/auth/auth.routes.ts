import { perIpLimit } from '../../http/rate-limits.js';
import { errorResponses, MessageResponse } from '../../http/response-schemas.js';
import { rejectTooManyAttempts } from '../../http/too-many-attempts.js';
import { swedishValidation, trimBodyFields } from '../../http/validation.js';
import { sharedCounterStore } from '../../plugins/rate-limit-store.js';
import type { FastifyTypedInstance } from '../../types.js';
import { perEmailRegisterLimit } from './auth.rate-limit.js';
import {
  AccountMessage,
  ForgotPasswordBody,
  forgotPasswordMessages,
  LoginBody,
  loginMessages,
  ProfileResponse,
  RegisterBody,
  registerMessages,
  ResetPasswordBody,
  resetPasswordMessages,
  TokenResponse,
  VerifyEmailBody,
  verifyEmailMessages,
} from './auth.schemas.js';
import {
  checkCredentials,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
  type AccountMailing,
} from './auth.service.js';
import { clientAddress } from '../../http/client-address.js';
import { loginAttemptGuard } from './login-attempts.js';
import { appMailLinks, appTokens } from '../../mail/app-mail-links.js';
import { sharedMailRequestBudget } from '../../mail/mail-request-budget.js';

/**
 * 'Glömt lösenord?' answers no sooner than this: a known address costs a mail queued on top of
 * the look-up every address costs, and the answer's time must not tell the two apart.
 */
const FORGOT_PASSWORD_ANSWER_MS = 250;

const waitUntil = (deadline: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));

/** Accounts: register, log in, who am I, and the account's mail (verification, new password). */
export async function authRoutes(app: FastifyTypedInstance) {
  const limits = app.config.rateLimits;
  const loginAttempts = loginAttemptGuard(
    { attempts: sharedCounterStore(app.database), knownAddresses: sharedCounterStore(app.database) },
    limits.loginPerEmail,
  );
  const tokens = appTokens(app);
  const mailing: AccountMailing = {
    links: appMailLinks(app, tokens),
    tokens,
    budget: sharedMailRequestBudget(app.database),
  };

  app.post(
    '/register',
    {
      config: perIpLimit(limits.registerPerIp),
      preValidation: trimBodyFields(['name', 'email'], ['email']),
      preHandler: perEmailRegisterLimit(app, limits.registerPerEmail),
      schemaErrorFormatter: swedishValidation(registerMessages),
      schema: {
        tags: ['konto'],
        summary: 'Skapa ett kandidatkonto',
        description:
          'Skickar ett e-postmeddelande med en länk som bekräftar e-postadressen. En adress som redan har ett konto får samma svar (201), och adressens ägare får i stället ett e-postmeddelande om försöket; högst några e-postmeddelanden i timmen till en adress.',
        body: RegisterBody,
        response: { 201: MessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      // A new address and one with an account get the same answer: the owner hears by mail.
      await registerUser(app.db, request.body, { siteName: app.config.siteName, mailing });
      return reply.status(201).send({ message: 'Kontot har skapats. Du kan nu logga in.' });
    },
  );

  app.post(
    '/login',
    {
      // Every request counts per IP; the guard in the handler counts failures per e-mail + client.
      config: perIpLimit(limits.loginPerIp),
      preValidation: trimBodyFields(['email'], ['email']),
      schemaErrorFormatter: swedishValidation(loginMessages),
      schema: {
        tags: ['konto'],
        summary: 'Logga in och få en token',
        body: LoginBody,
        response: { 200: TokenResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const admission = await loginAttempts.admit(request.body.email, clientAddress(request.ip));
      if (!admission.admitted) return rejectTooManyAttempts(reply, admission.retryAfterMs);
      const user = await checkCredentials(app.db, request.body);
      await admission.succeeded();
      return { token: app.signToken(user) };
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['konto'],
        summary: 'Den inloggade användaren',
        security: [{ bearerAuth: [] }],
        response: { 200: ProfileResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { name, email, role, emailVerified } = request.user;
      return { name, email, role, emailVerified };
    },
  );

  app.post(
    '/verify-email',
    {
      // No mail is sent, but every request is a database write: bounded like a log-in.
      config: perIpLimit(limits.loginPerIp),
      schemaErrorFormatter: swedishValidation(verifyEmailMessages),
      schema: {
        tags: ['konto'],
        summary: 'Bekräfta e-postadressen med länken från e-postmeddelandet',
        description: 'Ogiltig eller för gammal länk: 400 INVALID_TOKEN.',
        body: VerifyEmailBody,
        response: { 200: AccountMessage, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await verifyEmail(app.db, tokens, request.body.token);
      return { message: 'Din e-postadress är bekräftad.' };
    },
  );

  app.post(
    '/resend-verification',
    {
      config: perIpLimit(limits.mailRequestsPerIp),
      onRequest: app.authenticate,
      schema: {
        tags: ['konto'],
        summary: 'Skicka bekräftelselänken igen',
        description:
          'Högst några e-postmeddelanden i timmen till en adress; utöver det skickas inget, med samma svar. En redan bekräftad adress: 200 och inget e-postmeddelande.',
        security: [{ bearerAuth: [] }],
        response: { 200: AccountMessage, 202: AccountMessage, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const outcome = await resendVerification(app.db, mailing, request.user);
      if (outcome === 'already-verified')
        return reply.status(200).send({ message: 'Din e-postadress är redan bekräftad.' });
      return reply.status(202).send({ message: 'Vi har skickat en ny bekräftelselänk till din e-post.' });
    },
  );

  app.post(
    '/forgot-password',
    {
      config: perIpLimit(limits.mailRequestsPerIp),
      preValidation: trimBodyFields(['email'], ['email']),
      schemaErrorFormatter: swedishValidation(forgotPasswordMessages),
      schema: {
        tags: ['konto'],
        summary: 'Be om en länk för att välja ett nytt lösenord',
        description:
          'Samma svar (och ungefär samma svarstid) oavsett om adressen har ett konto. Länken gäller en timme och en gång.',
        body: ForgotPasswordBody,
        response: { 202: AccountMessage, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const deadline = Date.now() + FORGOT_PASSWORD_ANSWER_MS;
      await requestPasswordReset(app.db, mailing, request.body.email);
      await waitUntil(deadline);
      return reply.status(202).send({
        message:
          'Om adressen finns hos oss har vi skickat en länk för att välja ett nytt lösenord. Länken gäller i en timme.',
      });
    },
  );

  app.post(
    '/reset-password',
    {
      // A valid link costs a password hash: bounded like a log-in.
      config: perIpLimit(limits.loginPerIp),
      schemaErrorFormatter: swedishValidation(resetPasswordMessages),
      schema: {
        tags: ['konto'],
        summary: 'Välj ett nytt lösenord med länken från e-postmeddelandet',
        description:
          'Samma lösenordsregler som vid registrering. Loggar ut alla tidigare inloggningar. Använd, för gammal eller ogiltig länk: 400 INVALID_TOKEN.',
        body: ResetPasswordBody,
        response: { 200: AccountMessage, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await resetPassword(app.db, tokens, request.body, { siteName: app.config.siteName });
      return { message: 'Ditt lösenord är bytt. Logga in med det nya.' };
    },
  );
}
