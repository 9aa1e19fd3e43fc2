/**
 * Personal data in ad text. We strip it before storing and indexing (privacy by design), and the
 * description is where recruiters put their direct line ("Frågor? Ring Anna på 070-123 45 67").
 * Telling a personal address from a generic one (info@, jobb@) is guesswork, so the rule is the
 * simple safe one: every e-mail address and every Swedish phone number is removed from the text we
 * store and index. The applicant still finds the way in through the application link.
 * Names cannot be recognised reliably and stay.
 */

// A leading "Tel:" or "E-post:" would be left dangling, so it goes with the number or address.
const PHONE_LABEL = String.raw`(?:(?:tel(?:efon(?:nummer)?)?|tfn|mobil(?:nummer)?|mob|växel|direkt)\.?[ \t\u00a0]*:?[ \t\u00a0]*)?`;
const EMAIL_LABEL = String.raw`(?:(?:e-?post(?:adress)?|e-?mail|mejl|mail)[ \t\u00a0]*:?[ \t\u00a0]*)?`;

// Not glued to a word, a number or a URL part: keeps ids in paths (/jobs/0701234567) and
// query strings (?ref=0812345678) intact, and the groups of a large amount ("12 080 000 000 kr").
const NOT_INSIDE_TOKEN = String.raw`(?<![\p{L}\p{N}@/=&#_+-])(?<!\d[ \u00a0])`;

// One separator between digit groups: "070-123 45 67", "08 - 123 456 78", "0701234567".
// Dots are left out on purpose: "kl. 08.00-17.00" would otherwise read as an eight-digit number.
const GAP = String.raw`(?:[ \t\u00a0]?[-–][ \t\u00a0]?|[ \t\u00a0])?`;

const NATIONAL_PHONE = new RegExp(
  `${NOT_INSIDE_TOKEN}${PHONE_LABEL}(?:\\(0[1-9]\\d{0,2}\\)${GAP}\\d|0[1-9])(?:${GAP}\\d){6,8}(?!\\d)`,
  'giu',
);
const INTERNATIONAL_PHONE = new RegExp(
  `${NOT_INSIDE_TOKEN}${PHONE_LABEL}(?:\\+|00)46${GAP}(?:\\(0\\)${GAP})?\\d(?:${GAP}\\d){6,8}(?!\\d)`,
  'giu',
);

const EMAIL = new RegExp(
  String.raw`(?<![\p{L}\p{N}._%+-])${EMAIL_LABEL}(?:mailto:)?[\p{L}\p{N}._%+-]+(?:@|[ \t\u00a0]?[[(]at[\])][ \t\u00a0]?)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}`,
  'giu',
);

/**
 * Swedish numbering: area codes never start with 00 (that is the international prefix), mobiles
 * (07x) have ten digits, Stockholm (08) nine or ten, others eight to ten.
 */
function isSwedishNationalNumber(digits: string): boolean {
  if (digits.startsWith('07')) return digits.length === 10;
  if (digits.startsWith('08')) return digits.length >= 9 && digits.length <= 10;
  return digits.length >= 8 && digits.length <= 10;
}

// Stands in for a removed item until the punctuation around it is cleaned up: a private-use
// character, which ad text has no business containing.
const REMOVED = '\uE000';
const SPACE = String.raw`[ \t\u00a0]*`;
const REMOVED_ITEMS_IN_A_ROW = new RegExp(
  `${REMOVED}(?:${SPACE}(?:,|;|/|&|–|-|och|eller|alt\\.?|or)?${SPACE}${REMOVED})+`,
  'giu',
);
const REMOVED_IN_BRACKETS = new RegExp(`\\(${SPACE}${REMOVED}${SPACE}\\)`, 'g');
const REMOVED_WITH_LEADING_PUNCTUATION = new RegExp(`${SPACE}[,;:]?${SPACE}${REMOVED}`, 'g');
// "Ring Anna på 070-…", "skicka till jobb@…", "nås via …": the word that led to the removed item
// would be left dangling ("Ring Anna på.").
const REMOVED_AFTER_PREPOSITION = new RegExp(
  `(?<=[\\p{L}\\p{N}.,!?)])[ \\t\u00a0]+(?:på|till|via|under|per)${SPACE}:?${SPACE}${REMOVED}`,
  'giu',
);

function markPhoneNumbers(text: string): string {
  return text
    .replace(INTERNATIONAL_PHONE, (match) => {
      const national = match.replace(/^\D*(?:\+|00)46/, '').replace(/\(0\)/, '');
      return isSwedishNationalNumber(`0${national.replace(/\D/g, '')}`) ? REMOVED : match;
    })
    .replace(NATIONAL_PHONE, (match) => {
      const number = match.replace(/^[^(\d]*/, '');
      return isSwedishNationalNumber(number.replace(/\D/g, '')) ? REMOVED : match;
    });
}

// Most text holds no contact details at all (a description is scrubbed piece by piece between its
// tags), and the patterns above are costly: they look behind at every position. These cheap
// patterns are what any match must contain — an @ or "(at)" for an address; +46 / 0046, "(0" or
// a 0, a digit 1–9 and six more digits with the separators GAP allows for a number — so text
// without them is returned as it is.
const EMAIL_SIGN = /@|[[(]at[\])]/i;
const PHONE_SIGN = /(?:\+|00)46|\(0\d|0[1-9](?:[ \t\u00a0–-]{0,3}\d){6}/;

function mayContainContactDetails(text: string): boolean {
  return EMAIL_SIGN.test(text) || PHONE_SIGN.test(text) || text.includes(REMOVED);
}

/**
 * Removes e-mail addresses and Swedish phone numbers, with a "Tel:"-style label in front and the
 * comma, brackets or preposition that only served them: "Lisa Berg, tel. 070-174 06 05, e-post
 * lisa@x.se." becomes "Lisa Berg.", "Ring Anna på 070-174 06 05." becomes "Ring Anna."
 */
export function removeContactDetails(text: string): string {
  if (!mayContainContactDetails(text)) return text;
  const marked = markPhoneNumbers(text.replaceAll(REMOVED, '').replace(EMAIL, REMOVED));
  if (!marked.includes(REMOVED)) return marked;
  return marked
    .replace(REMOVED_ITEMS_IN_A_ROW, REMOVED)
    .replace(REMOVED_IN_BRACKETS, REMOVED)
    .replace(REMOVED_AFTER_PREPOSITION, REMOVED)
    .replace(REMOVED_WITH_LEADING_PUNCTUATION, '');
}

export function containsContactDetails(text: string): boolean {
  return removeContactDetails(text) !== text;
}
