import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DAY_MS } from '@jobbportalen/contracts';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { jobRow } from '@jobbportalen/test-support/auth';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetentionConfig } from '../config.js';
import { keptMailName } from '../mail/mail-transport.js';
import { latestHousekeepingRun } from './housekeeping-runs.repository.js';
import { runRetentionHousekeeping } from './retention-housekeeping.js';

/** A period of its own for each kind, so a run that used the wrong one shows. */
const RETENTION: RetentionConfig = {
  mailDays: 5,
  importLogDays: 10,
  feedControlDays: 15,
  closedAdPayloadDays: 20,
  alertSentDays: 25,
  resolvedReportDays: 30,
  closedAdDays: 40,
};

describe.each(testDatabaseKinds())('retention housekeeping on %s', (kind) => {
  let database: TestDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-retention-'));
  const mailDir = path.join(dataDir, 'mail');
  /** When everything was written: the clock is moved on from here. */
  const written = new Date();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seed(database, written);
    fs.mkdirSync(mailDir);
    fs.writeFileSync(path.join(mailDir, keptMailName(written, '1')), 'To: a@example.se\r\n\r\nHej');
    // A file without a time in its name counts by its modification time.
    const unnamed = path.join(mailDir, 'handskriven.eml');
    fs.writeFileSync(unnamed, 'To: b@example.se\r\n\r\nHej');
    fs.utimesSync(unnamed, written, written);
    fs.writeFileSync(path.join(mailDir, 'inte-ett-mejl.txt'), 'kvar');
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const runAt = (days: number) =>
    runRetentionHousekeeping({
      db: database.db,
      retention: RETENTION,
      dataDir,
      now: new Date(written.getTime() + days * DAY_MS),
      // Smaller than most tables here: every deletion has to take several batches.
      batchSize: 2,
    });

  async function sizes() {
    const { db } = database;
    const count = async (table: string, where = sql`true`) => {
      const result = await sql<{
        n: string;
      }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db);
      return Number(result.rows[0]?.n);
    };
    return {
      importLog: await count('import_log'),
      feedControl: await count('feed_control'),
      alertMails: await count('alert_mails'),
      mails: await count('mail_outbox'),
      reports: await count('ad_reports'),
      jobs: await count('jobs'),
      payloads: await count('jobs', sql`raw <> '{}'::jsonb`),
      files: fs.readdirSync(mailDir).length,
    };
  }

  it('shrinks each table as its period says, and keeps what someone still needs', async () => {
    const full = {
      importLog: 5,
      feedControl: 4,
      alertMails: 3,
      mails: 4,
      reports: 3,
      jobs: 5,
      payloads: 5,
      files: 3,
    };
    expect(await sizes()).toEqual(full);

    // Day 4: nothing is old enough yet.
    const early = await runAt(4);
    expect(early.error).toBeNull();
    expect(Object.values(early.deleted).every((count) => count === 0)).toBe(true);
    expect(await sizes()).toEqual(full);

    // Day 6: sent and failed mails, and the .eml files; the queued mail and other files stay.
    expect((await runAt(6)).deleted).toMatchObject({ mails: 3, mailFiles: 2, importLog: 0 });
    expect(await sizes()).toEqual({ ...full, mails: 1, files: 1 });
    expect(fs.readdirSync(mailDir)).toEqual(['inte-ett-mejl.txt']);

    // Day 11: the import log.
    expect((await runAt(11)).deleted).toMatchObject({ importLog: 5, feedControl: 0 });
    // Day 16: finished feed commands; the one still waiting stays.
    expect((await runAt(16)).deleted).toMatchObject({ feedControl: 3, closedAdPayloads: 0 });
    const afterDay16 = { ...full, mails: 1, files: 1, importLog: 0, feedControl: 1 };
    expect(await sizes()).toEqual(afterDay16);

    // Day 21: closed ads lose their raw payload, every one of them, but keep their rows.
    expect((await runAt(21)).deleted).toMatchObject({ closedAdPayloads: 4, closedAds: 0 });
    expect(await sizes()).toEqual({ ...afterDay16, payloads: 1 });
    const saved = await database.db
      .selectFrom('jobs')
      .select(['title', 'raw'])
      .where('id', '=', 'closed-saved')
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ title: 'Utvecklare closed-saved', raw: {} });

    // Day 26: the sent set.
    expect((await runAt(26)).deleted).toMatchObject({ alertSent: 3 });
    // Day 31: resolved reports; the open one stays.
    expect((await runAt(31)).deleted).toMatchObject({ resolvedReports: 2, closedAds: 0 });
    expect(await sizes()).toEqual({ ...afterDay16, payloads: 1, alertMails: 0, reports: 1 });

    // Day 41: closed ads — not the saved one, nor the one with a report no admin has resolved.
    expect((await runAt(41)).deleted).toMatchObject({ closedAds: 2 });
    const left = await database.db.selectFrom('jobs').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['closed-reported', 'closed-saved', 'live']);
    expect(await sizes()).toEqual({ ...afterDay16, payloads: 1, alertMails: 0, reports: 1, jobs: 3 });
    const live = await database.db
      .selectFrom('jobs')
      .select('raw')
      .where('id', '=', 'live')
      .executeTakeFirst();
    expect(live?.raw).toEqual({ personal: 'kvar så länge annonsen lever' });

    // A year on, nothing more goes: what is left is still needed.
    const later = await runAt(400);
    expect(Object.entries(later.deleted).filter(([, count]) => count > 0)).toEqual([['housekeepingRuns', 2]]);
    expect(await sizes()).toEqual({ ...afterDay16, payloads: 1, alertMails: 0, reports: 1, jobs: 3 });
  });

  it('records each run; its own record is pruned with the import log’s period', async () => {
    const runs = await database.db.selectFrom('housekeepingRuns').select('startedAt').execute();
    // Only the run of day 400 is left of the nine the test before made (each pruned the older ones).
    expect(runs.map((run) => run.startedAt.getTime())).toEqual([written.getTime() + 400 * DAY_MS]);
    const latest = await latestHousekeepingRun(database.db);
    expect(latest?.error).toBeNull();
    expect(latest?.deleted).toMatchObject({ housekeepingRuns: 2, closedAds: 0, importLog: 0 });
    expect(latest?.finishedAt?.getTime()).toBeGreaterThanOrEqual(written.getTime() + 400 * DAY_MS);
  });
});

/** One of everything the housekeeping looks at, written at `at`. */
async function seed(database: TestDatabase, at: Date) {
  const { db } = database;
  await db
    .insertInto('importLog')
    .values(Array.from({ length: 5 }, (_, i) => ({ date: at, source: 'stream', imported: i, vacancies: i })))
    .execute();

  await db
    .insertInto('feedControl')
    .values([
      ...['start', 'snapshot', 'stop'].map((command) => ({
        command: command as 'start',
        requestedAt: at,
        startedAt: at,
        finishedAt: at,
      })),
      { command: 'reindex', requestedAt: at },
    ])
    .execute();

  const personal = JSON.stringify({ contact: 'Anna Andersson, 070-123 45 67' });
  await db
    .insertInto('jobs')
    .values([
      jobRow({ id: 'live', raw: JSON.stringify({ personal: 'kvar så länge annonsen lever' }) }),
      ...['closed-plain', 'closed-saved', 'closed-reported', 'closed-resolved'].map((id) =>
        jobRow({ id, raw: personal, removedAt: at }),
      ),
    ])
    .execute();
  const user = await db
    .insertInto('users')
    .values({ name: 'Sparare', email: 'sparare@example.se', passwordHash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('savedJobs').values({ userId: user.id, jobId: 'closed-saved' }).execute();
  const report = (jobId: string, reporterKey: string, resolvedAt: Date | null) => ({
    jobId,
    reason: 'fraud' as const,
    message: 'Ber om bankuppgifter',
    reporterKey,
    userId: null,
    resolvedAt,
    resolution: resolvedAt ? ('dismissed' as const) : null,
  });
  await db
    .insertInto('adReports')
    .values([
      report('closed-reported', 'a', null),
      report('closed-resolved', 'b', at),
      report('live', 'c', at),
    ])
    .execute();

  const subscription = await db
    .insertInto('savedSearches')
    .values({
      email: 'bevakare@example.se',
      name: 'Lärare',
      query: JSON.stringify({ search: 'lärare' }),
      queryKey: 'search=lärare',
      alert: 'daily',
      confirmedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('alertMails')
    .values(
      ['daily:1', 'daily:2', 'daily:3'].map((period) => ({
        savedSearchId: subscription.id,
        period,
        jobIds: ['live'],
        createdAt: at,
      })),
    )
    .execute();

  await db
    .insertInto('mailOutbox')
    .values(
      ['sent', 'sent', 'failed', 'queued'].map((status, i) => ({
        idempotencyKey: `test:${i}`,
        kind: 'alert',
        recipient: 'bevakare@example.se',
        payload: '{}',
        status: status as 'sent',
        createdAt: at,
      })),
    )
    .execute();
}
