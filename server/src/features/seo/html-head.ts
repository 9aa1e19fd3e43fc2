/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON inside <script>: `<` is escaped so a description containing "</script>" cannot end the
 * element, and U+2028/2029 so old parsers do not break lines.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PageHead {
  title: string;
  /** Without one the template's own description stays. */
  description?: string;
  canonical?: string;
  robots?: string;
  jsonLd?: unknown;
}

type Slot = 'title' | 'description' | 'headEnd';

/**
 * The template cut at the places the page's values go: `parts[i]` is template text, and
 * `slots[i]` is what comes between `parts[i]` and `parts[i + 1]`.
 */
interface SplitTemplate {
  parts: string[];
  slots: Slot[];
  hasTitle: boolean;
  hasDescription: boolean;
  hasHeadEnd: boolean;
  /** The template's own description tag, kept for pages that bring none. */
  templateDescription: string;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;
const HEAD_END = '</head>';

/**
 * Finds the markers once and keeps the template as plain slices. The page is then built by
 * joining slices and escaped values, so ad text never meets String.replace, whose replacement
 * strings expand `$&`, `` $` `` and `$'` (a title of repeated `` $` `` made pages of many MB).
 * Markers are looked for in the head only, so text in the body cannot be taken for one.
 */
function splitTemplate(template: string): SplitTemplate {
  const headEndAt = template.indexOf(HEAD_END);
  const head = headEndAt === -1 ? template : template.slice(0, headEndAt);
  const found: { slot: Slot; start: number; end: number }[] = [];
  let templateDescription = '';
  for (const [slot, pattern] of [
    ['title', TITLE],
    ['description', DESCRIPTION],
  ] as const) {
    const match = pattern.exec(head);
    if (match) found.push({ slot, start: match.index, end: match.index + match[0].length });
    if (match && slot === 'description') templateDescription = match[0];
  }
  const end = headEndAt === -1 ? template.length : headEndAt;
  found.push({ slot: 'headEnd', start: end, end: headEndAt === -1 ? end : end + HEAD_END.length });
  found.sort((a, b) => a.start - b.start);

  const parts: string[] = [];
  let position = 0;
  for (const { start, end: slotEnd } of found) {
    parts.push(template.slice(position, start));
    position = slotEnd;
  }
  parts.push(template.slice(position));
  return {
    parts,
    slots: found.map(({ slot }) => slot),
    hasTitle: found.some(({ slot }) => slot === 'title'),
    hasDescription: found.some(({ slot }) => slot === 'description'),
    hasHeadEnd: headEndAt !== -1,
    templateDescription,
  };
}

// Pages are built from index.html and its server-rendered form (renderedPageTemplate), each
// split once, not on every request.
const splits = new Map<string, SplitTemplate>();
const TEMPLATES_KEPT = 4;

function splitOnce(template: string): SplitTemplate {
  let split = splits.get(template);
  if (!split) {
    if (splits.size >= TEMPLATES_KEPT) splits.clear();
    split = splitTemplate(template);
    splits.set(template, split);
  }
  return split;
}

/**
 * The template with its title and description set and canonical, robots, Open Graph and JSON-LD
 * tags added before </head>. Each value is escaped once and placed as it is.
 */
export function withPageHead(template: string, head: PageHead): string {
  const split = splitOnce(template);
  const escapedTitle = escapeHtml(head.title);
  const title = `<title>${escapedTitle}</title>`;
  const description = head.description === undefined ? undefined : escapeHtml(head.description);
  const descriptionMeta =
    description === undefined
      ? split.templateDescription
      : `<meta name="description" content="${description}" />`;
  const tags = [
    split.hasTitle ? '' : title,
    split.hasDescription ? '' : descriptionMeta,
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}" />` : '',
    `<meta property="og:title" content="${escapedTitle}" />`,
    description === undefined ? '' : `<meta property="og:description" content="${description}" />`,
    head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  const filled: Record<Slot, string> = {
    title,
    description: descriptionMeta,
    headEnd: `    ${tags}\n${split.hasHeadEnd ? `  ${HEAD_END}` : ''}`,
  };
  const page = [split.parts[0]];
  split.slots.forEach((slot, index) => page.push(filled[slot], split.parts[index + 1]));
  return page.join('');
}

/** The app's mount point in index.html; a server-rendered page's content goes inside it. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The server-rendered app inside #root, followed by the JSON the browser hydrates it with. `html`
 * is the renderer's output (already escaped); the data is escaped for a script element.
 */
export function renderedRoot(html: string, dataScriptId: string, data: unknown): string {
  return `<div id="root">${html}</div><script type="application/json" id="${dataScriptId}">${jsonForScript(data)}</script>`;
}

/**
 * The page with `root` (renderedRoot) in place of the empty mount point, which is looked for
 * after </head>, where no page value was placed.
 */
export function withPageBody(page: string, root: string): string {
  const bodyStart = Math.max(page.indexOf(HEAD_END), 0);
  const at = page.indexOf(ROOT_ELEMENT, bodyStart);
  if (at === -1) return page;
  return [page.slice(0, at), root, page.slice(at + ROOT_ELEMENT.length)].join('');
}

/**
 * The shell's <noscript> says the app needs JavaScript, which is true of the pages the browser
 * renders; under a page the server rendered, a visitor without it is told what works and what not.
 */
export const RENDERED_PAGE_NOSCRIPT =
  'Utan JavaScript kan du söka och läsa annonser. För att spara jobb, bevaka sökningar, matcha ditt CV och logga in behöver du JavaScript.';

/** index.html as the template of the pages the server renders: its <noscript> says so (made once). */
export function renderedPageTemplate(template: string): string {
  const bodyStart = Math.max(template.indexOf(HEAD_END), 0);
  const start = template.indexOf(NOSCRIPT_START, bodyStart);
  const end = template.indexOf(NOSCRIPT_END, start);
  if (start === -1 || end === -1) return template;
  return [template.slice(0, start + NOSCRIPT_START.length), RENDERED_PAGE_NOSCRIPT, template.slice(end)].join(
    '',
  );
}

const NOSCRIPT_START = '<noscript>';
const NOSCRIPT_END = '</noscript>';
