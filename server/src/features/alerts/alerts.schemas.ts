import { Type } from '@fastify/type-provider-typebox';
import type { FieldMessages } from '../../http/validation.js';

export {
  AlertRunResult,
  AlertsOverview,
  AlertSubscriptionView,
  CreateSavedSearchBody,
  ManageAlertBody,
  OpenedSavedSearch,
  SavedSearch,
  SavedSearchList,
  SavedSearchParams,
  SubscribeBody,
  TokenBody,
  UpdateSavedSearchBody,
} from '@jobbportalen/contracts/api/saved-searches';

const ALERT_MESSAGE = 'Välj hur ofta du vill få e-post: av, direkt, dagligen eller varje vecka.';
const QUERY_MESSAGE = 'Sökningen innehåller ett ogiltigt värde. Gör om sökningen och försök igen.';

export const savedSearchMessages: FieldMessages = {
  query: { default: QUERY_MESSAGE, required: 'Ange vilken sökning som ska sparas.' },
  name: {
    default: 'Ange ett namn på högst 100 tecken.',
    minLength: 'Namnet får inte vara tomt.',
  },
  alert: { default: ALERT_MESSAGE, required: 'Välj hur ofta du vill få e-post.' },
  id: { default: 'Bevakningen hittades inte.' },
};

export const subscribeMessages: FieldMessages = {
  email: { default: 'Ange en giltig e-postadress.', required: 'Ange din e-postadress.' },
  query: { default: QUERY_MESSAGE, required: 'Ange vilken sökning du vill bevaka.' },
  alert: {
    default: 'Välj hur ofta du vill få e-post: direkt, dagligen eller varje vecka.',
    required: 'Välj hur ofta du vill få e-post.',
  },
};

export const INVALID_TOKEN_MESSAGE = 'Länken är ogiltig eller har gått ut.';

export const tokenMessages: FieldMessages = {
  token: {
    default: INVALID_TOKEN_MESSAGE,
    required: 'Länken saknar sin kod. Öppna länken i e-postmeddelandet igen.',
  },
  alert: { default: ALERT_MESSAGE, required: 'Välj hur ofta du vill få e-post.' },
};

/** GET /api/alerts/manage and POST /api/alerts/unsubscribe: the mail link's token. */
export const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 1024 })) });

/**
 * POST /api/alerts/unsubscribe's body: JSON {token} from the link's page, or the RFC 8058
 * one-click form (List-Unsubscribe=One-Click) a mail client posts to the link itself.
 */
export const UnsubscribeBody = Type.Union([
  Type.Object({
    token: Type.Optional(Type.String({ maxLength: 1024 })),
    'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 100 })),
  }),
  Type.Null(),
]);
