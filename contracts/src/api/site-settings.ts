import { Type, type Static } from 'typebox';
import { SETTING_LIMITS } from './site-settings-limits.js';
import { NO_NUL } from './text-rules.js';

const text = (maxLength: number) => Type.Union([Type.String({ maxLength, pattern: NO_NUL }), Type.Null()]);

/** GET /api/admin/site-settings (public: the start page reads it). null = the default text. */
export const SiteSettings = Type.Object({
  heroTitle: text(SETTING_LIMITS.heroTitle),
  heroSubtitle: text(SETTING_LIMITS.heroSubtitle),
  ctaText: text(SETTING_LIMITS.ctaText),
});
export type SiteSettings = Static<typeof SiteSettings>;

/** POST /api/admin/site-settings: a field left out stays as it is; '' (or null) clears it. */
export const SiteSettingsUpdate = Type.Partial(SiteSettings, { additionalProperties: false });
export type SiteSettingsUpdate = Static<typeof SiteSettingsUpdate>;
