import { perIpLimit } from '../../http/rate-limits.js';
import { errorResponses, MessageResponse } from '../../http/response-schemas.js';
import { rejectTooManyAttempts } from '../../http/too-many-attempts.js';
import { swedishValidation, trimBodyFields } from '../../http/validation.js';
import { sharedCounterStore } from '../../plugins/rate-limit-store.js';
import type { FastifyTypedInstance } from '../../types.js';
import { perEmailRegisterLimit } from './auth.rate-limit.js';
import {
  LoginBody,
  loginMessages,
  ProfileResponse,
  RegisterBody,
  registerMessages,
  TokenResponse,
} from './auth.schemas.js';
import { checkCredentials, registerUser } from './auth.service.js';
import { clientAddress } from './client-address.js';
import { loginAttemptGuard } from './login-attempts.js';

/** Accounts: register, log in, who am I. Mounted at /api/auth. */
export async function authRoutes(app: FastifyTypedInstance) {
  const limits = app.config.rateLimits;
  const loginAttempts = loginAttemptGuard(
    { attempts: sharedCounterStore(app.database), knownAddresses: sharedCounterStore(app.database) },
    limits.loginPerEmail,
  );

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
        body: RegisterBody,
        response: { 201: MessageResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      await registerUser(app.db, request.body, { siteName: app.config.siteName });
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
      const { name, email, role } = request.user;
      return { name, email, role };
    },
  );
}
