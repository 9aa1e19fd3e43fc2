import { perIpLimit } from '../../http/rate-limits.js';
import { errorResponses, MessageResponse, NoContent } from '../../http/response-schemas.js';
import { swedishValidation, trimBodyFields } from '../../http/validation.js';
import { sharedMailRequestBudget } from '../../mail/mail-request-budget.js';
import { jobsFacetValues } from '../../search/facet-values-cache.js';
import type { FastifyTypedInstance } from '../../types.js';
import {
  AlertSubscriptionView,
  CreateSavedSearchBody,
  ManageAlertBody,
  OpenedSavedSearch,
  SavedSearch,
  SavedSearchList,
  SavedSearchParams,
  savedSearchMessages,
  SubscribeBody,
  subscribeMessages,
  TokenBody,
  tokenMessages,
  TokenQuery,
  UpdateSavedSearchBody,
} from './alerts.schemas.js';
import { perAccountSavedSearchLimit } from './saved-search-rate-limit.js';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  openSavedSearch,
  updateSavedSearch,
  type SavedSearchDependencies,
} from './saved-searches.service.js';
import {
  changeFrequency,
  confirm,
  manageView,
  subscribe,
  SUBSCRIBE_MESSAGE,
  unsubscribeByToken,
  UNSUBSCRIBED_MESSAGE,
  type SubscriptionDependencies,
} from './subscriptions.service.js';
import { wakeMailSenders } from './run-coordination.js';
import { appMailLinks, appTokens } from '../../mail/app-mail-links.js';

/** An account's saved searches. Mounted at /api/saved-searches; every route needs a token. */
export async function savedSearchRoutes(app: FastifyTypedInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
  });
  const deps: SavedSearchDependencies = {
    db: app.db,
    search: app.searchEngine,
    indexUid: app.config.meiliIndex,
    facetValues: jobsFacetValues(app.searchEngine, app.config.meiliIndex),
    cache: app.questionCache,
    profiles: app.profileSearches,
  };
  const tags = ['bevakningar'];
  const schemaErrorFormatter = swedishValidation(savedSearchMessages);
  // The routes that count new ads share one budget per account (saved-search-rate-limit.ts).
  const countingLimit = perAccountSavedSearchLimit(app, app.config.rateLimits.savedSearchesPerAccount);

  app.post(
    '/',
    {
      preValidation: trimBodyFields(['name']),
      preHandler: countingLimit,
      schemaErrorFormatter,
      schema: {
        tags,
        summary: 'Spara en sökning (samma sökning igen: den befintliga, med nytt namn och ny frekvens)',
        body: CreateSavedSearchBody,
        response: { 200: SavedSearch, 201: SavedSearch, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const { created, savedSearch } = await createSavedSearch(deps, request.user.id, request.body);
      return reply.status(created ? 201 : 200).send(savedSearch);
    },
  );

  app.get(
    '/',
    {
      preHandler: countingLimit,
      schema: {
        tags,
        summary: 'Mina sparade sökningar, nyaste först, var och en med antalet nya annonser',
        response: { 200: SavedSearchList, ...errorResponses(401, 429, 503) },
      },
    },
    async (request) => ({ savedSearches: await listSavedSearches(deps, request.user.id) }),
  );

  app.patch(
    '/:id',
    {
      preValidation: trimBodyFields(['name']),
      preHandler: countingLimit,
      schemaErrorFormatter,
      schema: {
        tags,
        summary: 'Byt namn eller frekvens på en sparad sökning',
        params: SavedSearchParams,
        body: UpdateSavedSearchBody,
        response: { 200: SavedSearch, ...errorResponses(400, 401, 404, 429, 503) },
      },
    },
    async (request) => updateSavedSearch(deps, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schemaErrorFormatter,
      schema: {
        tags,
        summary: 'Ta bort en sparad sökning',
        params: SavedSearchParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch(deps, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/open',
    {
      schemaErrorFormatter,
      schema: {
        tags,
        summary: 'Öppna en sparad sökning: dess sökväg, och sedan när annonserna räknas som nya',
        params: SavedSearchParams,
        response: { 200: OpenedSavedSearch, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => openSavedSearch(deps, request.user.id, request.params.id),
  );
}

/** Alerts by e-mail without an account, and the pages of the mails' links. Mounted at /api/alerts. */
export async function alertRoutes(app: FastifyTypedInstance) {
  const tokens = appTokens(app);
  const deps: SubscriptionDependencies = {
    db: app.db,
    tokens,
    links: appMailLinks(app, tokens),
    mailRequests: sharedMailRequestBudget(app.database),
    wakeMailSenders: () => wakeMailSenders(app.database),
  };
  const tags = ['bevakningar'];
  // A mail link's page: generous for people, kept in memory like the page-view limit.
  const linkLimit = { rateLimit: { max: app.config.rateLimits.pageViewsPerIp, timeWindow: '1 minute' } };
  const tokenErrors = swedishValidation(tokenMessages);

  app.post(
    '/subscribe',
    {
      config: perIpLimit(app.config.rateLimits.mailRequestsPerIp),
      preValidation: trimBodyFields(['email'], ['email']),
      schemaErrorFormatter: swedishValidation(subscribeMessages),
      schema: {
        tags,
        summary: 'Bevaka en sökning med bara e-post (bekräftas via en länk i e-postmeddelandet)',
        body: SubscribeBody,
        response: { 202: MessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await subscribe(deps, request.body);
      return reply.status(202).send({ message: SUBSCRIBE_MESSAGE });
    },
  );

  app.post(
    '/confirm',
    {
      config: linkLimit,
      schemaErrorFormatter: tokenErrors,
      schema: {
        tags,
        summary: 'Bekräfta en bevakning (länken i bekräftelsemeddelandet)',
        body: TokenBody,
        response: { 200: AlertSubscriptionView, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => confirm(deps, request.body.token),
  );

  app.get(
    '/manage',
    {
      config: linkLimit,
      schemaErrorFormatter: tokenErrors,
      schema: {
        tags,
        summary: 'Visa en bevakning från länken i ett e-postmeddelande',
        querystring: TokenQuery,
        response: { 200: AlertSubscriptionView, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => manageView(deps, request.query.token),
  );

  app.post(
    '/manage',
    {
      config: linkLimit,
      schemaErrorFormatter: tokenErrors,
      schema: {
        tags,
        summary: 'Ändra hur ofta en bevakning skickar e-post (av: avsluta)',
        body: ManageAlertBody,
        response: { 200: AlertSubscriptionView, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => changeFrequency(deps, request.body.token, request.body.alert),
  );

  // The one-click unsubscribe (RFC 8058): a mail client POSTs a form to the List-Unsubscribe link.
  // Its own scope, so no other route accepts form bodies.
  await app.register(async (scope: FastifyTypedInstance) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // RFC 8058 prefers multipart/form-data; the token is in the link itself, so the body is not needed.
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 4096 },
      (_r, _b, done) => done(null, {}),
    );
    scope.post(
      '/unsubscribe',
      {
        config: linkLimit,
        schema: {
          tags,
          summary:
            'Avsluta en bevakning: token i adressen (List-Unsubscribe, ett klick) eller {token} som JSON',
          querystring: TokenQuery,
          consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
          response: { 200: MessageResponse, ...errorResponses(400, 429) },
        },
      },
      async (request) => {
        const body = request.body as { token?: unknown } | null | undefined;
        const token = request.query.token ?? (typeof body?.token === 'string' ? body.token : undefined);
        await unsubscribeByToken(deps, token);
        return { message: UNSUBSCRIBED_MESSAGE };
      },
    );
  });
}
