/**
 * The front-page texts an admin edits, with the longest each may be (after trimming). Kept apart
 * from the schema so the browser's editor can check them without loading TypeBox.
 */
export const SETTING_LIMITS = { heroTitle: 120, heroSubtitle: 300, ctaText: 60 } as const;
export type SettingKey = keyof typeof SETTING_LIMITS;
export const SETTING_KEYS = Object.keys(SETTING_LIMITS) as SettingKey[];
