// The limits are the server's own (after trimming), so the admin hears about them before saving.
import { SETTING_LIMITS, type SettingKey } from '@jobbportalen/contracts';
import type { SiteSettings } from '@jobbportalen/contracts/api/site-settings';

export const SETTING_FIELDS: { key: SettingKey; label: string; fallback: string; multiline: boolean }[] = [
  { key: 'heroTitle', label: 'Rubrik', fallback: 'Hitta ditt drömjobb efter sommaren', multiline: false },
  { key: 'heroSubtitle', label: 'Underrubrik', fallback: 'Lediga jobb i hela Sverige', multiline: true },
  { key: 'ctaText', label: 'Knapptext', fallback: 'Visa alla lediga jobb', multiline: false },
];

/** The same subjects the server's Swedish messages use. */
const SUBJECTS: Record<SettingKey, string> = {
  heroTitle: 'Rubriken',
  heroSubtitle: 'Underrubriken',
  ctaText: 'Knapptexten',
};

export type SettingsForm = Record<SettingKey, string>;
export type SettingsProblems = Partial<Record<SettingKey, string>>;

/** The stored settings as form values (null → ''). */
export function toForm(settings: Partial<SiteSettings> | null | undefined): SettingsForm {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return {
    heroTitle: text(settings?.heroTitle),
    heroSubtitle: text(settings?.heroSubtitle),
    ctaText: text(settings?.ctaText),
  };
}

/** What is sent: trimmed texts; '' clears a text so the start page uses its fallback. */
export function toPayload(form: SettingsForm): SettingsForm {
  return {
    heroTitle: form.heroTitle.trim(),
    heroSubtitle: form.heroSubtitle.trim(),
    ctaText: form.ctaText.trim(),
  };
}

/** Characters counted the way the server counts them (string length after trimming). */
export const usedLength = (value: string): number => value.trim().length;

/** Per-field problems (too long, forbidden characters); empty when the form can be saved. */
export function settingsProblems(form: SettingsForm): SettingsProblems {
  const problems: SettingsProblems = {};
  for (const { key } of SETTING_FIELDS) {
    const value = form[key];
    if (usedLength(value) > SETTING_LIMITS[key]) {
      problems[key] = `${SUBJECTS[key]} får vara högst ${SETTING_LIMITS[key]} tecken lång.`;
    } else if (value.includes('\u0000')) {
      problems[key] = `${SUBJECTS[key]} innehåller otillåtna tecken.`;
    }
  }
  return problems;
}
