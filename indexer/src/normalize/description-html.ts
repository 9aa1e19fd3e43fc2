import sanitizeHtml from 'sanitize-html';
import { containsContactDetails, removeContactDetails } from './contact-details.js';
import { decodeHtmlEntities, escapeHtmlText } from './html-text.js';

const LINK_REL = 'noopener noreferrer nofollow';

// Their content is code or markup, never ad text: it goes with the tag.
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
];

// Blocks we do not keep would glue their texts together ("Rubrik" + "Text" → "RubrikText");
// a <br> where each one started or ended keeps the words apart.
const UNKEPT_BLOCK =
  /<\/?(?:div|section|article|header|footer|aside|main|nav|table|thead|tbody|tfoot|tr|td|th|caption|dl|dt|dd|blockquote|pre|address|figure|figcaption|center|hr)\b[^>]*>/gi;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'h2', 'h3', 'h4', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  nonTextTags: DROPPED_WITH_CONTENT,
  // The ad's own h1 would compete with the page title; h5/h6 are kept as the smallest heading.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const kept: sanitizeHtml.Attributes = attribs.href
        ? { href: attribs.href, rel: LINK_REL, target: '_blank' }
        : {};
      return { tagName, attribs: kept };
    },
  },
};

/**
 * The ad's HTML reduced to an allow-list (p, br, lists, emphasis, h2–h4, http(s) links that open
 * in a new tab) with contact details removed from its text. Scripts, styles, event handlers and
 * javascript: URLs do not survive. mailto: is an allowed scheme, but under the contact-details
 * rule (see contact-details.ts) a link that carries an address is unwrapped to its text.
 */
export function sanitizeDescriptionHtml(html: string): string {
  const clean = sanitizeHtml(html.replace(UNKEPT_BLOCK, '<br>'), SANITIZE_OPTIONS);
  return tidyHtml(scrubContactDetails(clean));
}

/**
 * Works on sanitize-html's output, which is well formed and has only our tags. Links go first, so
 * an unwrapped mailto link's address joins the text around it ("e-post <a>lisa@x.se</a>" is one
 * text again). Text is scrubbed here, whole, and not in sanitize-html's textFilter, which sees text
 * cut at every entity ("070&nbsp;123 45 67" in three pieces) and would miss numbers.
 */
function scrubContactDetails(html: string): string {
  return unwrapUnwantedLinks(html).replace(TAG_OR_TEXT, (token) =>
    token.startsWith('<') ? token : scrubText(token),
  );
}

// Every "<" in sanitize-html's output starts a tag, so the text is what lies between the tags.
const TAG_OR_TEXT = /<[^>]*>|[^<]+/g;

function scrubText(text: string): string {
  // Most text has no entity in it: decoding and escaping it again would change nothing (only
  // characters are removed from it), so that is skipped.
  if (!/[&<>]/.test(text)) return removeContactDetails(text);
  return escapeHtmlText(removeContactDetails(decodeHtmlEntities(text)));
}

/** Keeps http(s) links without contact details in them; any other link is replaced by its text. */
function unwrapUnwantedLinks(html: string): string {
  if (!/<\/?a\b/i.test(html)) return html;
  const keptLinks: boolean[] = [];
  return html
    .split(/(<\/?a\b[^>]*>)/i)
    .map((token) => {
      if (/^<a\b/i.test(token)) {
        const href = decodeHtmlEntities(/\shref="([^"]*)"/i.exec(token)?.[1] ?? '');
        const keep = /^https?:\/\//i.test(href) && !containsContactDetails(href);
        keptLinks.push(keep);
        return keep ? token : '';
      }
      if (/^<\/a>/i.test(token)) return keptLinks.pop() ? token : '';
      return token;
    })
    .join('');
}

const EMPTY_BLOCK = /<(p|li|h2|h3|h4|strong|b|em|i)>(?:\s|\u00a0|<br \/>)*<\/\1>/g;

function tidyHtml(html: string): string {
  let tidy = html;
  // Removing one empty element can empty its parent ("<li><strong></strong></li>").
  for (let previous = ''; previous !== tidy;) {
    previous = tidy;
    tidy = tidy.replace(EMPTY_BLOCK, '');
  }
  return (
    tidy
      .replace(/<ul>\s*<\/ul>|<ol>\s*<\/ol>/g, '')
      // Breaks that stand next to a block boundary add nothing but space.
      .replace(/(<\/?(?:p|h2|h3|h4|ul|ol|li)>)(?:\s*<br \/>)+/g, '$1')
      .replace(/(?:<br \/>\s*)+(<\/?(?:p|h2|h3|h4|ul|ol|li)>)/g, '$1')
      .replace(/(?:<br \/>\s*){3,}/g, '<br /><br />')
      .replace(/^(?:\s|<br \/>)+|(?:\s|<br \/>)+$/g, '')
  );
}
