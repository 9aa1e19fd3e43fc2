import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testSearch } from '@jobbportalen/test-support/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createTestSmtpServer, type TestSmtpServer } from './mail/smtp-test-server.test-helper.js';
import { startPortal, type RunningPortal } from './runtime.js';

describe('the background work of the one-process portal', () => {
  let smtp: TestSmtpServer;
  let portal: RunningPortal | undefined;
  const search = testSearch('background');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-background-'));

  beforeAll(async () => {
    smtp = await createTestSmtpServer();
    await smtp.listen();
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp.close();
    await search.client.deleteIndexIfExists(search.indexUid).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends queued mail by itself, with links to the address it listens on, and stops cleanly', async () => {
    portal = await startPortal(
      loadConfig({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        MEILI_URL: search.url,
        MEILI_MASTER_KEY: search.apiKey,
        MEILI_INDEX: search.indexUid,
        LOG_LEVEL: 'silent',
        SMTP_URL: smtp.url,
        // Never asked: the feed is only read once an admin starts it.
        FEED_URL: 'http://127.0.0.1:9',
        EMBEDDED_INDEXER: 'true',
        ALERTS_SCHEDULER: 'true',
      }),
    );
    const response = await fetch(`${portal.url}/api/alerts/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'besok@example.se', query: { search: 'lärare' }, alert: 'daily' }),
    });
    expect(response.status).toBe(202);
    // No one calls the sender here: the subscription wakes the sender the portal runs.
    await smtp.waitFor(1, 15_000);
    const [mail] = smtp.received;
    expect(mail?.subject).toBe('Bekräfta din bevakning');
    const port = new URL(portal.url).port;
    expect(mail?.text).toContain(`http://127.0.0.1:${port}/bevakning/bekrafta?token=`);

    const stopping = portal.stop();
    portal = undefined;
    await expect(stopping).resolves.toBeUndefined();
  }, 60_000);
});
