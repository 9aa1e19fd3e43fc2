/**
 * Defensive readers for feed JSON. The feed has changed shape over the years (ids as numbers,
 * concept objects that are null, `label: "[]"` strings), so every field is read as `unknown` and
 * anything unexpected becomes null instead of an exception.
 */

export type FeedObject = Record<string, unknown>;

export function asObject(value: unknown): FeedObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as FeedObject) : null;
}

/** Own properties only, so a key like `constructor` never reaches Object.prototype. */
export function field(object: FeedObject | null, key: string): unknown {
  return object && Object.hasOwn(object, key) ? object[key] : undefined;
}

export function objectField(object: FeedObject | null, key: string): FeedObject | null {
  return asObject(field(object, key));
}

/** Trimmed text with inner whitespace collapsed; numbers become text; empty becomes null. */
export function readText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** Integer from a number or a numeric string; fractions are cut off. */
export function readInteger(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : null;
}

/** A finite number, or null. */
export function readNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export interface FeedConcept {
  id: string | null;
  label: string | null;
  /** `legacy_ams_taxonomy_id`; for occupation groups this is the SSYK code. */
  legacyId: string | null;
}

// Labels the feed uses to mean "nothing": 2024 ads carry the literal string "[]".
const EMPTY_LABELS = new Set(['[]', '{}', 'null', 'undefined']);

/**
 * A taxonomy concept `{concept_id, label, legacy_ams_taxonomy_id}`. Also accepts a one-element
 * array of such objects and a bare label string, both seen in older exports.
 */
export function readConcept(value: unknown): FeedConcept {
  if (Array.isArray(value)) return readConcept(value[0]);
  if (typeof value === 'string') return { id: null, label: readLabel(value), legacyId: null };
  const object = asObject(value);
  return {
    id: readText(field(object, 'concept_id')),
    label: readLabel(field(object, 'label')),
    legacyId: readText(field(object, 'legacy_ams_taxonomy_id')),
  };
}

function readLabel(value: unknown): string | null {
  const text = readText(value);
  return text === null || EMPTY_LABELS.has(text.toLowerCase()) ? null : text;
}

/** Labels of a concept list (`must_have.skills`), deduplicated case-insensitively, in feed order. */
export function readConceptLabels(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const labels: string[] = [];
  for (const item of value) {
    const { label } = readConcept(item);
    const key = label?.toLocaleLowerCase('sv-SE');
    if (label && key && !seen.has(key)) {
      seen.add(key);
      labels.push(label);
    }
  }
  return labels;
}
