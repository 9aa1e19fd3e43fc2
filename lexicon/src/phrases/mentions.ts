// How a taxonomy label is written in running text. Labels carry qualifiers after a comma
// ('Sjuksköterska, grundutbildad', 'Java, programmeringsspråk'), alternatives after a slash
// ('Systemutvecklare/Programmerare'), acronyms in parentheses ('Amazon Web Services (AWS)') and,
// for tools, a category glued on with a hyphen ('2D-grafik-Adobe Photoshop').

export interface LabelMention {
  text: string;
  /** True when the mention is the whole alternative, not a label cut before its qualifier. */
  exact: boolean;
  /** Short acronyms ('SQL' stays safe, 'AD' does not) only count when written in capitals. */
  capitalsOnly: boolean;
}

const SHORT_ACRONYM = /^[\p{Lu}\d]{1,3}$/u;
const ACRONYM = /^[\p{Lu}\d][\p{Lu}\d&.+#-]*$/u;
const CATEGORY_PREFIX = /^[^,]*?\p{Ll}-(?=\p{Lu})/u;
const PARENTHESES = /\s*\(([^)]*)\)\s*/gu;

function mention(text: string, exact: boolean): LabelMention {
  const trimmed = text.trim();
  return { text: trimmed, exact, capitalsOnly: SHORT_ACRONYM.test(trimmed) };
}

/** Splits on slashes, keeping only slashes between alternatives: 'Barnmorska, öppen vård/mödravård' has one. */
function alternatives(label: string): string[] {
  const [first = '', ...rest] = label.split('/');
  return [first, ...rest.filter((alternative) => /^\s*[\p{Lu}\d]/u.test(alternative))];
}

function mentionsOfAlternative(alternative: string): LabelMention[] {
  const core = alternative.split(',')[0] ?? '';
  const qualified = core.length < alternative.length;
  const found: LabelMention[] = [];
  const withoutParentheses = core.replace(PARENTHESES, (_whole, inner: string) => {
    if (ACRONYM.test(inner.trim())) found.push(mention(inner, false));
    return ' ';
  });
  found.unshift(mention(withoutParentheses, !qualified));
  return found.filter((m) => m.text.length > 0);
}

export function occupationMentions(label: string): LabelMention[] {
  return alternatives(label).flatMap(mentionsOfAlternative);
}

// People write 'Excel' and 'Photoshop' more often than 'MS Excel' and 'Adobe Photoshop'.
const VENDOR_PREFIX = /^(?:MS|Microsoft|Adobe|Autodesk|Apple|Google|IBM|Oracle)\s+(?=\S)/u;

function withoutVendor(mentions: LabelMention[]): LabelMention[] {
  return mentions.flatMap((m) => {
    const product = m.text.replace(VENDOR_PREFIX, '');
    return product === m.text ? [m] : [m, mention(product, false)];
  });
}

export function skillMentions(label: string): LabelMention[] {
  const product = label.replace(CATEGORY_PREFIX, '');
  if (product !== label)
    return withoutVendor(mentionsOfAlternative(product).map((m) => ({ ...m, exact: false })));
  return withoutVendor(alternatives(label).flatMap(mentionsOfAlternative));
}
