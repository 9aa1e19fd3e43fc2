import type { FastifyTypedInstance } from '../../types.js';
import { perEmailLimit, perIpLimit } from './auth.rate-limit.js';
import {
  LoginBody,
  loginMessages,
  ProfileResponse,
  RegisterBody,
  registerMessages,
  TokenResponse,
} from './auth.schemas.js';
import { checkCredentials, registerUser } from './auth.service.js';
import { errorResponses, MessageResponse, swedishValidation, trimBodyFields } from './validation.js';

/** Accounts: register, log in, who am I. Mounted at /api/auth. */
export async function authRoutes(app: FastifyTypedInstance) {
  const limits = app.config.rateLimits;

  app.post(
    '/register',
    {
      config: perIpLimit(limits.registerPerIp),
      preValidation: trimBodyFields(['name', 'email'], ['email']),
      preHandler: perEmailLimit(app, 'register', limits.registerPerEmail),
      schemaErrorFormatter: swedishValidation(registerMessages),
      schema: {
        tags: ['konto'],
        summary: 'Skapa ett kandidatkonto',
        body: RegisterBody,
        response: { 201: MessageResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      await registerUser(app.db, request.body);
      return reply.status(201).send({ message: 'Kontot har skapats. Du kan nu logga in.' });
    },
  );

  app.post(
    '/login',
    {
      config: perIpLimit(limits.loginPerIp),
      preValidation: trimBodyFields(['email'], ['email']),
      preHandler: perEmailLimit(app, 'login', limits.loginPerEmail),
      schemaErrorFormatter: swedishValidation(loginMessages),
      schema: {
        tags: ['konto'],
        summary: 'Logga in och få en token',
        body: LoginBody,
        response: { 200: TokenResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const user = await checkCredentials(app.db, request.body);
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
