import { removeContactDetails } from './contact-details.js';
import { sanitizeDescriptionHtml } from './description-html.js';
import { asObject, field } from './feed-values.js';
import { htmlToPlainText, plainTextToHtml, textNewlinesToBreaks, tidyPlainText } from './html-text.js';

export interface NormalizedDescription {
  /** Sanitised HTML, contact details removed; '' when the ad has no text (the UI shows its fallback). */
  html: string;
  /** Plain text of `html`: what search matches on and what /api/jobs answers as `description`. */
  text: string;
}

const HAS_TAG = /<\/?[a-z][a-z0-9]*\b[^>]*>/i;

function nonBlankString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * `description.text_formatted` is preferred. It is not always HTML: many ads send the plain text
 * with newlines, HTML-escaped ('&amp;'), and some mix tags with raw newlines. Without it the plain
 * `description.text` is turned into paragraphs.
 */
export function normalizeDescription(description: unknown): NormalizedDescription {
  const object = asObject(description);
  const formatted = nonBlankString(field(object, 'text_formatted'));
  const plain =
    nonBlankString(field(object, 'text')) ?? (typeof description === 'string' ? description : null);

  let markup = '';
  if (formatted !== null) {
    markup = HAS_TAG.test(formatted) ? textNewlinesToBreaks(formatted) : plainTextToHtml(formatted, true);
  } else if (plain !== null) {
    markup = plainTextToHtml(plain);
  }

  const html = sanitizeDescriptionHtml(markup);
  // Once tags are gone, an address split by inline markup ("anna@<b>firma.se</b>") is whole again.
  // The plain text comes out tidy; only a removal can leave untidy spaces behind.
  const plainText = htmlToPlainText(html);
  const scrubbed = removeContactDetails(plainText);
  const text = scrubbed === plainText ? plainText : tidyPlainText(scrubbed);
  return text === '' ? { html: '', text: '' } : { html, text };
}
