import { SETTING_KEYS, SETTING_LIMITS, type SettingKey } from '@jobbportalen/contracts';
import type { FieldMessages } from '../../http/validation.js';

// The texts, their limits and the request and answer shapes are shared with the web app's
// editor through contracts; only the server's Swedish validation messages live here.
export { SETTING_KEYS, SETTING_LIMITS, type SettingKey } from '@jobbportalen/contracts';
export { SiteSettings, SiteSettingsUpdate } from '@jobbportalen/contracts/api/site-settings';

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
