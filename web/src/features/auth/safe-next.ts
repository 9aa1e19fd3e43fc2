/**
 * Where to go after logging in: the `next` query parameter when it is a path on this site (the
 * admin area sends visitors to /login?next=/admin), else the default.
 *
 * `next` is resolved by the URL parser against our origin, exactly as the browser will resolve it,
 * and only the resulting same-origin path is kept. Checking the raw text is not enough: dot
 * segments and backslashes (`/.//evil.example`, `/a/..//x`, `/./\x`) collapse into a path that
 * begins with `//`, which the browser reads as another host.
 */
export function safeNextPath(next: string | null | undefined, origin: string, fallback: string): string {
  if (!next || !next.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
