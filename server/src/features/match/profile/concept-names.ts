import { escapeRegExp } from './text-patterns.js';

// How taxonomy labels are shown and compared in matching. Labels carry qualifiers after a comma
// ('Sjuksköterska, grundutbildad', 'Butiksvana, dagligvaror'), alternatives after a slash
// ('Systemutvecklare/Programmerare', 'Customer Relationship Management/CRM') and acronyms in
// parentheses ('Amazon Web Services (AWS), molnplattform').

const ACRONYM = /^[\p{Lu}\d][\p{Lu}\d+#.-]{1,7}$/u;

function coreOf(label: string): string {
  return (label.split(',')[0] ?? label).trim();
}

function alternativesOf(core: string): string[] {
  return core
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * 'Systemutvecklare/Programmerare' → 'Systemutvecklare'; 'Sjuksköterska, grundutbildad' →
 * 'Sjuksköterska'. With the CV's text, the alternative the person used first wins: a CV that
 * says 'Lokalvårdare' shows 'Lokalvårdare', not 'Städare'.
 */
export function occupationDisplayName(label: string, text?: string): string {
  const alternatives = alternativesOf(coreOf(label));
  let used: string | undefined;
  let earliest = Infinity;
  for (const alternative of text === undefined ? [] : alternatives) {
    const escaped = escapeRegExp(alternative);
    const at = new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'iu').exec(text!)?.index ?? Infinity;
    if (at < earliest) [used, earliest] = [alternative, at];
  }
  return used ?? alternatives[0] ?? label;
}

/** 'Java, programmeringsspråk' → 'Java'; 'Customer Relationship Management/CRM' → 'CRM'; '…(AWS), …' → 'AWS'. */
export function skillDisplayName(label: string): string {
  const core = coreOf(label);
  const parenthesised = /\(([^)]+)\)/.exec(core)?.[1]?.trim();
  if (parenthesised && ACRONYM.test(parenthesised)) return parenthesised;
  const alternatives = alternativesOf(core.replace(/\s*\([^)]*\)/g, ''));
  return alternatives.find((alternative) => ACRONYM.test(alternative)) ?? alternatives[0] ?? label;
}

/**
 * Lower-case keys under which a skill counts as the same skill: every alternative of its core
 * and its acronyms. 'Butiksvana, dagligvaror' and 'Butiksvana, fackhandel' share 'butiksvana',
 * so a CV that says 'butiksvana' covers an ad asking for either.
 */
export function skillKeys(label: string): string[] {
  const core = coreOf(label);
  const keys = new Set<string>();
  const parenthesised = /\(([^)]+)\)/.exec(core)?.[1]?.trim();
  if (parenthesised) keys.add(parenthesised.toLowerCase());
  for (const alternative of alternativesOf(core.replace(/\s*\([^)]*\)/g, ''))) {
    keys.add(alternative.toLowerCase());
  }
  return [...keys].filter((key) => key.length >= 2);
}
