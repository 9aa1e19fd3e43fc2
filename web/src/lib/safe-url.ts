/**
 * An ad's application link comes from the feed: only http(s) addresses become links, so a
 * `javascript:` or `data:` value can never run in our page.
 */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
