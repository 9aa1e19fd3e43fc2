import { Type } from '@fastify/type-provider-typebox';
import { ApiJob } from '../../http/job-response.js';
import { perIpLimit } from '../../http/rate-limits.js';
import { errorResponses, MessageResponse, NoContent } from '../../http/response-schemas.js';
import { swedishValidation } from '../../http/validation.js';
import type { FastifyTypedInstance } from '../../types.js';
import {
  DeleteAccountBody,
  deleteAccountMessages,
  jobIdMessages,
  PASSWORD_REQUIRED_MESSAGE,
  SavedJobParams,
  SaveJobBody,
} from './candidate.schemas.js';
import { deleteAccount, savedJobs, saveJob, unsaveJob } from './candidate.service.js';

const SAVED_MESSAGE = 'Jobbet har sparats.';

/** The logged-in candidate's own things. Mounted at /api/candidate; every route needs a token. */
export async function candidateRoutes(app: FastifyTypedInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
  });

  app.post(
    '/save-job',
    {
      schemaErrorFormatter: swedishValidation(jobIdMessages),
      schema: {
        tags: ['kandidat'],
        summary: 'Spara ett jobb',
        body: SaveJobBody,
        response: {
          200: MessageResponse,
          201: MessageResponse,
          ...errorResponses(400, 401, 404, 410),
        },
      },
    },
    async (request, reply) => {
      const { created } = await saveJob(app.db, request.user.id, request.body.jobId);
      return reply.status(created ? 201 : 200).send({ message: SAVED_MESSAGE });
    },
  );

  app.get(
    '/saved-jobs',
    {
      schema: {
        tags: ['kandidat'],
        summary: 'Mina sparade jobb, senast sparade först',
        response: { 200: Type.Array(ApiJob), ...errorResponses(401) },
      },
    },
    async (request) => savedJobs(app.db, request.user.id),
  );

  app.delete(
    '/saved-jobs/:jobId',
    {
      schema: {
        tags: ['kandidat'],
        summary: 'Ta bort ett sparat jobb',
        params: SavedJobParams,
        response: { 204: NoContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await unsaveJob(app.db, request.user.id, request.params.jobId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/account',
    {
      // Every try counts per IP, as log-in's do: the password must not be guessable here instead.
      config: perIpLimit(app.config.rateLimits.loginPerIp),
      // The body is only the password: one that is missing altogether asks for it too.
      schemaErrorFormatter: swedishValidation(deleteAccountMessages, PASSWORD_REQUIRED_MESSAGE),
      schema: {
        tags: ['kandidat'],
        summary: 'Radera mitt konto och allt som hör till det',
        description:
          'Kräver kontots nuvarande lösenord. Saknat eller fel lösenord: 400 VALIDATION_FAILED ' +
          "med details.field 'password' (400, inte 401: sessionen gäller fortfarande). " +
          'Försöken räknas per IP-adress som inloggningens.',
        body: DeleteAccountBody,
        response: { 204: NoContent, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.db, request.user, request.body.password);
      return reply.status(204).send(null);
    },
  );
}
