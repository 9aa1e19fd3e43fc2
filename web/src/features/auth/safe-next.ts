/**
 * Where to go after logging in: the `next` query parameter when it is a path on this site (the
 * admin area sends visitors to /login?next=/admin), else the default. Anything that could leave
 * the site — another origin, `//host`, `/\host`, `javascript:` — falls back to the default.
 */
export function safeNextPath(next: string | null | undefined, origin: string, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
