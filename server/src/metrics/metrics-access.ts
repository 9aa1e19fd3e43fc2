import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries METRICS_TOKEN as its bearer token. Compared as SHA-256
 * digests in constant time: neither the token's characters nor its length leak through timing.
 */
export function carriesMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  const given = match?.[1]?.trim() ?? '';
  // Both compared always, so a missing header takes the same time as a wrong one.
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
