import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DAY_MS } from '@jobbportalen/contracts';
import type { HousekeepingAnswer } from '@jobbportalen/contracts/api/housekeeping';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { createUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackgroundWork, type RunningBackgroundWork } from '../background-work.js';
import { keptMailName } from '../mail/mail-transport.js';
import { createPortalMetrics } from '../metrics/portal-metrics.js';

describe.each(testDatabaseKinds())('the indexer’s housekeeping on %s', (kind) => {
  let t: TestApp;
  let work: RunningBackgroundWork | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-housekeeping-'));
  const metrics = createPortalMetrics('indexer');

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { DATA_DIR: dataDir, ALERTS_SCHEDULER: 'false', RETENTION_MAIL_DAYS: '7' },
    });
  });
  afterAll(async () => {
    await work?.stop();
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = async () => ({ authorization: `Bearer ${(await createUser(t, 'admin')).token}` });

  it('Gallring before any run: the periods in force, nothing deleted yet; admins only', async () => {
    expect((await t.app.inject('/api/admin/housekeeping')).statusCode).toBe(401);
    const response = await t.app.inject({ url: '/api/admin/housekeeping', headers: await admin() });
    expect(response.statusCode).toBe(200);
    const body = response.json<HousekeepingAnswer>();
    expect(body.lastRun).toBeNull();
    expect(body.kinds.find((k) => k.kind === 'mails')).toEqual({ kind: 'mails', days: 7, deleted: null });
    expect(body.kinds.find((k) => k.kind === 'importLog')).toEqual({
      kind: 'importLog',
      days: t.config.retention.importLogDays,
      deleted: null,
    });
  });

  it('runs when the indexer starts, with ALERTS_SCHEDULER=false: old mails and .eml files go', async () => {
    expect(t.config.alerts.schedulerEnabled).toBe(false);
    const old = new Date(Date.now() - 8 * DAY_MS);
    const recent = new Date(Date.now() - 6 * DAY_MS);
    await t.database.db
      .insertInto('mailOutbox')
      .values([
        {
          idempotencyKey: 'old',
          kind: 'alert',
          recipient: 'a@example.se',
          payload: '{}',
          status: 'sent',
          createdAt: old,
        },
        {
          idempotencyKey: 'new',
          kind: 'alert',
          recipient: 'b@example.se',
          payload: '{}',
          status: 'sent',
          createdAt: recent,
        },
      ])
      .execute();
    const mailDir = path.join(dataDir, 'mail');
    fs.mkdirSync(mailDir, { recursive: true });
    fs.writeFileSync(path.join(mailDir, keptMailName(old, '1')), 'To: a@example.se\r\n\r\nHej');
    fs.writeFileSync(path.join(mailDir, keptMailName(recent, '2')), 'To: b@example.se\r\n\r\nHej');

    work = startBackgroundWork({
      config: { ...t.config, jwtSecret: 'test-secret-that-is-long-enough-0123456789' },
      database: t.database,
      search: t.search,
      logger: pino({ level: 'silent' }),
      mailBaseUrl: () => 'http://127.0.0.1',
      metrics,
    });
    await expect
      .poll(
        async () =>
          (await t.database.db.selectFrom('housekeepingRuns').select('finishedAt').execute()).some(
            (run) => run.finishedAt !== null,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    // (Registering the admin queued a mail of its own: only these two are looked at.)
    const mails = await t.database.db
      .selectFrom('mailOutbox')
      .select('idempotencyKey')
      .where('idempotencyKey', 'in', ['old', 'new'])
      .execute();
    expect(mails.map((mail) => mail.idempotencyKey)).toEqual(['new']);
    expect(fs.readdirSync(mailDir)).toEqual([keptMailName(recent, '2')]);

    const response = await t.app.inject({ url: '/api/admin/housekeeping', headers: await admin() });
    const body = response.json<HousekeepingAnswer>();
    expect(body.lastRun?.error).toBeNull();
    expect(body.lastRun?.finishedAt).not.toBeNull();
    expect(body.kinds.find((k) => k.kind === 'mails')?.deleted).toBe(1);
    expect(body.kinds.find((k) => k.kind === 'mailFiles')?.deleted).toBe(1);
    expect(body.kinds.find((k) => k.kind === 'importLog')?.deleted).toBe(0);

    const counter = await metrics.registry.getSingleMetric('jobbportalen_housekeeping_deleted_total')?.get();
    const byKind = Object.fromEntries((counter?.values ?? []).map((v) => [v.labels['kind'], v.value]));
    expect(byKind).toMatchObject({ mails: 1, mailFiles: 1, importLog: 0 });
  }, 60_000);
});
