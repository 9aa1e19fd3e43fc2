import { errorResponses, MessageResponse } from '../../http/response-schemas.js';
import { swedishValidation, trimBodyFields } from '../../http/validation.js';
import type { FastifyTypedInstance } from '../../types.js';
import { SETTING_KEYS, settingsMessages, SiteSettings, SiteSettingsUpdate } from './site-settings.schemas.js';
import { getSiteSettings, updateSiteSettings } from './site-settings.service.js';

/**
 * GET /api/admin/site-settings is public: the start page, which anyone may open, reads the hero texts from it.
 * Register this OUTSIDE the admin scope, at prefix /api/admin.
 */
export async function siteSettingsPublicRoutes(app: FastifyTypedInstance) {
  app.get(
    '/site-settings',
    {
      schema: {
        tags: ['webbplats'],
        summary: 'Startsidans texter (publik)',
        response: { 200: SiteSettings },
      },
    },
    async () => getSiteSettings(app.db),
  );
}

/** POST /api/admin/site-settings: register INSIDE the admin scope, which guards it. */
export async function siteSettingsAdminRoutes(app: FastifyTypedInstance) {
  app.post(
    '/site-settings',
    {
      preValidation: trimBodyFields(SETTING_KEYS),
      schemaErrorFormatter: swedishValidation(settingsMessages),
      schema: {
        tags: ['admin'],
        summary: 'Spara startsidans texter',
        body: SiteSettingsUpdate,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await updateSiteSettings(app.db, request.body);
      return { message: 'Inställningarna har sparats.' };
    },
  );
}
