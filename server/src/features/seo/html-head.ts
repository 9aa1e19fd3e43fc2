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
  description: string;
  canonical?: string;
  robots?: string;
  jsonLd?: unknown;
}

/** Replaces the template's title and description and adds canonical, robots and JSON-LD tags. */
export function withPageHead(template: string, head: PageHead): string {
  const tags = [
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}" />` : '',
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}
