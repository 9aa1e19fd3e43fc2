// The portal at a plain-HTTP address that is not loopback (the LAN address printed at start, a
// deployment without TLS). Chromium upgrades nothing for 127.0.0.1 or localhost, so the other
// tests cannot see this: here a made-up host name resolves to the portal instead.
import { describe, expect, it } from 'vitest';
import { expectHeading, settle, useE2e } from './support/e2e.js';

const HOST = 'jobb.test';
const e2e = useE2e({ chromiumArgs: [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`] });

describe(`the portal at http://${HOST}`, () => {
  it('loads its scripts over plain HTTP and shows jobs on /jobb', async () => {
    const origin = `http://${HOST}:${new URL(e2e.portal.url).port}`;
    const page = await e2e.page();
    const requested: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('requestfailed', (request) => {
      // The app cancels a fetch it no longer needs (ERR_ABORTED); anything else did not get through.
      const reason = request.failure()?.errorText;
      if (reason !== 'net::ERR_ABORTED') failed.push(`${request.url()} ${reason}`);
    });

    const response = await page.goto(`${origin}/jobb`);
    await settle(page);
    await expectHeading(page, 'Bläddra bland jobb på Jobbportalen');
    const latest = page.getByRole('region', { name: 'Senaste jobben' }).locator('.job-card-link');
    await expect.poll(() => latest.count()).toBeGreaterThan(0);
    expect(await latest.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      (await e2e.portal.liveJobs({ limit: 10 })).map((job) => `/jobb/${job.id}`),
    );

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response?.headers()['strict-transport-security']).toBeUndefined();
    expect(failed).toEqual([]);
    expect(requested.some((url) => url.startsWith(`${origin}/assets/`))).toBe(true);
    expect(requested.filter((url) => url.startsWith('https:'))).toEqual([]);
  });

  it('shows search results there too (the search goes through the same origin)', async () => {
    const origin = `http://${HOST}:${new URL(e2e.portal.url).port}`;
    const page = await e2e.page();
    await page.goto(`${origin}/jobb?extent=Heltid`);
    await settle(page);
    await expect.poll(() => page.locator('.jobs-content .job-card-link').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).origin).toBe(origin);
  });
});
