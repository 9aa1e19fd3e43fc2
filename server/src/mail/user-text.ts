/** The longest piece of someone's text (a name, a search's summary) a mail prints. */
export const USER_TEXT_MAX = 120;

/** U+2024 ONE DOT LEADER: reads as a full stop, but no mail client takes it for one in a host name. */
const DOT_LOOKALIKE = '\u2024';
/** U+2215 DIVISION SLASH: reads as '/', so 'https:∕∕' stays legible without being a scheme. */
const SLASH_LOOKALIKE = '\u2215';
/** What a scheme's '://' becomes. */
const SCHEME_LOOKALIKE = `:${SLASH_LOOKALIKE}${SLASH_LOOKALIKE}`;

// Format characters (bidi overrides that reorder what is shown, zero-width spaces and joiners,
// soft hyphens) are invisible or rearrange text: they go. Control characters (C0, DEL, C1) and
// line and paragraph separators would lay the text out: each run of them, or of any other
// whitespace, becomes one space.
const FORMAT_CHARACTERS = /\p{Cf}+/gu;
const CONTROL_OR_SPACE = /[\p{Cc}\p{Zl}\p{Zp}\s]+/gu;
// A full stop (and the ideographic and fullwidth ones that browsers read as one in a host name)
// followed by a letter or digit: what turns 'evil.se' or 'www.evil.se' into a link.
const DOT_IN_WORD = /[.\u3002\uff0e\uff61](?=[\p{L}\p{N}])/gu;
const SCHEME_SLASHES = /:\/\//g;

/**
 * Someone's text as a mail may print it: the name of an account, a saved search's name, a search's
 * summary. Anyone can put text into a mail to any address (registering with it, subscribing it),
 * and it arrives under our sender domain — so it is kept to what it is meant to be:
 *
 * - one line: invisible format characters go; control characters and line breaks become a
 *   space, and runs of spaces one;
 * - at most `max` characters, cut with '…';
 * - never a link. Mail clients turn anything that looks like an address into one, in the HTML
 *   part as well as the plain text ('evil.se/x', 'www.evil.se', 'https://…'). A dot inside a word
 *   becomes U+2024 and the slashes after a scheme U+2215: the text still reads the same to a
 *   person ('node․js', 'evil․se'), but no linkifier recognises a host name or a scheme in it.
 *   A zero-width space after the dot was the other common choice, but whether it breaks the
 *   pattern differs between clients (some strip it first), and it survives copying invisibly;
 *   dropping such words would lose legitimate searches ('node.js', 'C#/.NET').
 */
export function userText(text: string, max = USER_TEXT_MAX): string {
  const line = text.replace(FORMAT_CHARACTERS, '').replace(CONTROL_OR_SPACE, ' ').trim();
  const characters = Array.from(line);
  const short =
    characters.length > max
      ? `${characters
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : line;
  // Replaced through functions, so no replacement pattern ($&, $') can ever apply.
  return short.replace(DOT_IN_WORD, () => DOT_LOOKALIKE).replace(SCHEME_SLASHES, () => SCHEME_LOOKALIKE);
}
