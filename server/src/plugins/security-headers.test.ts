import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';

/** The CSP over HTTPS: Helmet's defaults with our directives, `upgrade-insecure-requests` included. */
const CSP_OVER_HTTPS = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: https:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  'upgrade-insecure-requests',
  "connect-src 'self'",
].join(';');
const CSP_OVER_HTTP = CSP_OVER_HTTPS.replace(';upgrade-insecure-requests', '');
const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers that do not depend on the protocol, as they were before it mattered. */
const ALWAYS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

// An API answer, a page, the start page and a JSON 404: every kind of answer gets the same headers.
const URLS = ['/api/jobs', '/jobb', '/', '/api/no-such-thing'];

async function headersOf(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return response.headers;
}

describe('security headers behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('a request that came over HTTPS gets upgrade-insecure-requests and HSTS', async () => {
    for (const url of URLS) {
      const headers = await headersOf(t, url, { 'x-forwarded-proto': 'https' });
      expect(headers['content-security-policy'], url).toBe(CSP_OVER_HTTPS);
      expect(headers['strict-transport-security'], url).toBe(HSTS);
      expect(headers, url).toMatchObject(ALWAYS);
    }
  });

  it('a request that came over plain HTTP gets neither, and every other header as before', async () => {
    for (const forwarded of [{ 'x-forwarded-proto': 'http' }, {}] as Record<string, string>[]) {
      for (const url of URLS) {
        const headers = await headersOf(t, url, forwarded);
        expect(headers['content-security-policy'], url).toBe(CSP_OVER_HTTP);
        expect(headers['strict-transport-security'], url).toBeUndefined();
        expect(headers, url).toMatchObject(ALWAYS);
      }
    }
  });
});

describe('security headers without a trusted proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('X-Forwarded-Proto is anyone’s to send, so it is ignored: plain HTTP headers', async () => {
    for (const url of URLS) {
      const headers = await headersOf(t, url, { 'x-forwarded-proto': 'https' });
      expect(headers['content-security-policy'], url).toBe(CSP_OVER_HTTP);
      expect(headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
      expect(headers['strict-transport-security'], url).toBeUndefined();
      expect(headers, url).toMatchObject(ALWAYS);
    }
  });
});
