import { Type, type Static } from '@fastify/type-provider-typebox';
import { NO_NUL, type FieldMessages } from '../auth/validation.js';

/** The front-page texts an admin edits, with the longest each may be (after trimming). */
export const SETTING_LIMITS = { heroTitle: 120, heroSubtitle: 300, ctaText: 60 } as const;
export type SettingKey = keyof typeof SETTING_LIMITS;
export const SETTING_KEYS = Object.keys(SETTING_LIMITS) as SettingKey[];

const text = (maxLength: number) => Type.Union([Type.String({ maxLength, pattern: NO_NUL }), Type.Null()]);

export const SiteSettings = Type.Object({
  heroTitle: text(SETTING_LIMITS.heroTitle),
  heroSubtitle: text(SETTING_LIMITS.heroSubtitle),
  ctaText: text(SETTING_LIMITS.ctaText),
});
export type SiteSettings = Static<typeof SiteSettings>;

/** A field left out stays as it is; an empty string (or null) clears it. */
export const SiteSettingsUpdate = Type.Partial(SiteSettings, { additionalProperties: false });
export type SiteSettingsUpdate = Static<typeof SiteSettingsUpdate>;

const labels: Record<SettingKey, string> = {
  heroTitle: 'Rubriken',
  heroSubtitle: 'Underrubriken',
  ctaText: 'Knapptexten',
};

export const settingsMessages: FieldMessages = Object.fromEntries(
  SETTING_KEYS.map((key) => [
    key,
    {
      default: `${labels[key]} måste vara text (högst ${SETTING_LIMITS[key]} tecken).`,
      maxLength: `${labels[key]} får vara högst ${SETTING_LIMITS[key]} tecken lång.`,
      pattern: `${labels[key]} innehåller otillåtna tecken.`,
    },
  ]),
);
