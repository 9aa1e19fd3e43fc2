/** Providers that ignore dots in the local part and deliver both of their domains to one inbox. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address is delivered to, as the per-mailbox mail budget counts it. Only the
 * budget's key: the address we store and send to stays as the person typed it (lower-cased).
 *
 * - Lower case: mailboxes are case-insensitive in practice everywhere.
 * - A `+tag` is dropped from the local part, at every provider: the big ones (Gmail, Outlook,
 *   iCloud, Fastmail, most self-hosted Postfix setups) deliver `victim+1@` to `victim@`, so
 *   without this every tag is a budget of its own. Where '+' is an ordinary character, two
 *   people merely share a budget, which only makes it stricter.
 * - Dots are dropped only at Gmail (gmail.com and googlemail.com, one domain), which ignores
 *   them. Elsewhere `anna.berg@` and `annaberg@` may be two people, and one should not spend
 *   the other's mails.
 * - Other sub-address separators ('-' at Yahoo, configurable in qmail) are kept: '-' is common
 *   in ordinary names (anna-karin@), and merging those would be wrong far more often than right.
 */
export function mailboxOf(address: string): string {
  const lowered = address.trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  if (at < 0) return lowered;
  const domain = lowered.slice(at + 1);
  const local = lowered.slice(0, at).split('+')[0]!;
  if (GMAIL_DOMAINS.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}
