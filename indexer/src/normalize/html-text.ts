/**
 * Conversions between the feed's plain text and HTML. htmlToPlainText expects HTML that has been
 * through sanitizeDescriptionHtml: a handful of known tags, well formed, text escaped.
 */

export function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeHtmlEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

// Bullets as the feed's plain text writes them: "* Erfarenhet", "- B-körkort", "• Svenska".
const BULLET = /^\s*[*•·\-–]\s+/;

/**
 * Plain text to paragraphs: blank lines separate paragraphs, single newlines become <br>, and
 * runs of bullet lines become a list. `alreadyEscaped` is for text_formatted without tags, which
 * the feed sends HTML-escaped ('&amp;').
 */
export function plainTextToHtml(text: string, alreadyEscaped = false): string {
  const escape = alreadyEscaped ? (line: string) => line : escapeHtmlText;
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n[ \t\u00a0]*\n/);
  const html: string[] = [];
  for (const block of blocks) {
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    let paragraph: string[] = [];
    let list: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length > 0) html.push(`<p>${paragraph.join('<br>')}</p>`);
      paragraph = [];
    };
    const flushList = () => {
      if (list.length > 0) html.push(`<ul>${list.map((item) => `<li>${item}</li>`).join('')}</ul>`);
      list = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        flushParagraph();
        list.push(escape(line.replace(BULLET, '')));
      } else {
        flushList();
        paragraph.push(escape(line));
      }
    }
    flushParagraph();
    flushList();
  }
  return html.join('');
}

const BLOCK_TAG =
  /<\/?(?:p|div|ul|ol|li|h[1-6]|br|hr|table|thead|tbody|tr|td|th|section|article|blockquote|pre|dl|dt|dd)\b[^>]*>\s*$/i;

/**
 * Some text_formatted values mix tags with raw newlines ('<p>Rubrik</p>Krav:\n\n* Erfarenhet').
 * Browsers would run those lines together, so a newline inside text becomes <br>; newlines that
 * only separate block tags are layout of the source and are dropped.
 */
export function textNewlinesToBreaks(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]*\n\s*/g, (run: string, offset: number, whole: string) => {
      const before = whole.slice(Math.max(0, offset - 300), offset);
      const after = whole.slice(offset + run.length, offset + run.length + 300);
      if (before.trim() === '' || after.trim() === '') return '';
      if (BLOCK_TAG.test(before) || /^<\/?(?:p|div|ul|ol|li|h[1-6]|br|hr|table|tr|td|th)\b/i.test(after))
        return '';
      return (run.match(/\n/g) ?? []).length > 1 ? '<br><br>' : '<br>';
    });
}

/** Plain text of sanitised HTML: block ends become line breaks, list items get a bullet. */
export function htmlToPlainText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/?(?:p|h[1-6]|ul|ol)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return tidyPlainText(decodeHtmlEntities(text));
}

/** One space between words, no blank line runs, no space at line ends. */
export function tidyPlainText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0\u200b]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
