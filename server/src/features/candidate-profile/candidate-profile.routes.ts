import multipart from '@fastify/multipart';
import { Type } from '@fastify/type-provider-typebox';
import {
  CandidateProfileResponse,
  ProfilePatch,
  ProfileSuggestionsQuery,
  ProfileSuggestionsResponse,
} from '@jobbportalen/contracts/api/candidate-profile';
import { AppError } from '../../errors.js';
import { attachmentDisposition } from '../../http/attachment.js';
import { perAccountLimit } from '../../http/per-account-limit.js';
import { errorResponses, NoContent } from '../../http/response-schemas.js';
import { swedishValidation } from '../../http/validation.js';
import type { FastifyTypedInstance } from '../../types.js';
import {
  editProfile,
  keepReadProfile,
  keptCvOf,
  PROFILE_MESSAGES,
  profileOf,
  removeProfile,
} from './candidate-profile.service.js';

const TAGS = ['kandidat'];

/**
 * 'Min profil', mounted at /api/candidate/profile; every route needs a token. The CV is read in
 * memory by the same readers as 'Matcha mig'; what is kept is the reading (ids and names), and
 * the file itself only when its owner ticked the box for it.
 */
export async function candidateProfileRoutes(app: FastifyTypedInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
  });
  // Registered in this scope only, with the limits of /api/ai/match.
  const cvProfiles = app.cvProfiles;
  await app.register(multipart, { limits: cvProfiles.multipartLimits, throwFileSizeLimit: true });
  // One budget with the CV readers' per-IP one: reading a CV is the expensive part.
  const readingLimit = perAccountLimit(app, 'cv-profile', app.config.match.ratePerMinute);

  app.get(
    '/',
    {
      schema: {
        tags: TAGS,
        summary: 'Min profil',
        response: { 200: CandidateProfileResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => profileOf(app.db, request.user.id),
  );

  app.put(
    '/',
    {
      preHandler: readingLimit,
      schema: {
        tags: TAGS,
        summary: 'Läs in ett CV som min profil',
        description:
          'multipart/form-data med fälten `cv` (PDF, DOCX eller DOC, högst 5 MB), `letter` (valfritt), ' +
          "`keepCv` ('true' för att spara även filen; annars sparas den inte) och `consent` (måste vara 'true': " +
          'annars 400 CONSENT_REQUIRED). Det som lästes ut ersätter en tidigare profil. 201 första gången, sedan 200.',
        consumes: ['multipart/form-data'],
        response: {
          200: CandidateProfileResponse,
          201: CandidateProfileResponse,
          ...errorResponses(400, 401, 413, 415, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const upload = await cvProfiles.readUpload(request, {
        letterRequired: false,
        fields: ['keepCv', 'consent'],
        missingMessage: PROFILE_MESSAGES.missingCv,
      });
      if (upload.fields.consent !== 'true')
        throw new AppError(400, 'CONSENT_REQUIRED', PROFILE_MESSAGES.consent);
      const profile = await cvProfiles.readProfile(upload, reply);
      const kept =
        upload.fields.keepCv === 'true'
          ? { fileName: cvProfiles.keptFileName(upload.fileName, upload.cv), content: upload.cv }
          : null;
      const { created, response } = await keepReadProfile(app.db, request.user.id, profile, kept, new Date());
      return reply.status(created ? 201 : 200).send(response);
    },
  );

  app.patch(
    '/',
    {
      schemaErrorFormatter: swedishValidation({}, 'Ändringen av profilen kunde inte läsas.'),
      schema: {
        tags: TAGS,
        summary: 'Ändra min profil',
        description:
          'De listor som skickas ersätter de sparade; övriga fält lämnas. Nya yrken, kompetenser, språk och orter ' +
          'måste finnas i taxonomin (se /suggestions): annars 400 UNKNOWN_CONCEPT.',
        body: ProfilePatch,
        response: { 200: CandidateProfileResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => editProfile(app.db, cvProfiles, request.user.id, request.body, new Date()),
  );

  app.delete(
    '/',
    {
      schema: {
        tags: TAGS,
        summary: 'Ta bort min profil (och en sparad CV-fil)',
        response: { 204: NoContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      // One transaction: a failure in between never leaves an alert for a profile that is gone.
      await app.db.transaction().execute(async (trx) => {
        await removeProfile(trx, request.user.id);
        await app.forgetProfileSearch(request.user.id, trx);
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/cv',
    {
      schema: {
        tags: TAGS,
        summary: 'Ladda ner den sparade CV-filen',
        produces: ['application/pdf', 'application/msword', 'application/octet-stream'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await keptCvOf(app.db, request.user.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .type(cvProfiles.contentType(file.content))
        .send(file.content);
    },
  );

  app.get(
    '/suggestions',
    {
      schemaErrorFormatter: swedishValidation({}, 'Sökningen efter förslag kunde inte läsas.'),
      schema: {
        tags: TAGS,
        summary: 'Förslag när man lägger till i profilen',
        description:
          'Upp till 10 yrken, kompetenser, språk eller kommuner vars namn (eller ett ord i det) börjar så.',
        querystring: ProfileSuggestionsQuery,
        response: { 200: ProfileSuggestionsResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ suggestions: cvProfiles.suggestions(request.query.kind, request.query.q) }),
  );
}
