// Test helpers of the alerts: ads that arrive through the real indexer path (a row in `jobs` and
// its search_outbox row in one transaction, then the outbox drained into Meilisearch), a real SMTP
// server with the real mail sender, and the API calls a seeker and an admin make.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drainOutbox, type NormalizedJob } from '@jobbportalen/indexer';
import { markJobsRemoved, upsertJobsIfNewer, type Database, type DatabaseKind } from '@jobbportalen/storage';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, RELAXED_RATE_LIMITS, type TestUser } from '@jobbportalen/test-support/auth';
import { normalizedJob, normalizedJobRow } from '@jobbportalen/test-support/jobs';
import type { ParsedMail } from 'mailparser';
import { sql, type Kysely } from 'kysely';
import type { Meilisearch } from 'meilisearch';
import { createSignedTokens } from '../../http/signed-tokens.js';
import { startMailSender, type MailSender } from '../../mail/mail-sender.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../mail/smtp-test-server.test-helper.js';
import { registerMailWaker } from './run-coordination.js';

export const PUBLIC_URL = 'https://jobbportalen.test';
const DAY = 86_400_000;

export const quietLogger = { info() {}, warn() {}, error() {} };

/** A database with the jobs index it feeds: a TestApp, or the parts of one a test opened itself. */
export interface IndexedStore {
  database: { db: Kysely<Database> };
  search: { client: Meilisearch };
  config: { meiliIndex: string };
}

/** An ad for tests: live, a deadline a month from now, first seen now unless told otherwise. */
export function freshAd(id: string, overrides: Partial<NormalizedJob> = {}): NormalizedJob {
  const now = Date.now();
  return normalizedJob(id, {
    title: `Lärare i svenska ${id}`,
    location: 'Göteborg',
    municipality: 'Göteborg',
    lastDate: new Date(now + 30 * DAY),
    expiresAt: new Date(now + 30 * DAY),
    publishedAt: new Date(now - 60_000),
    sourceUpdatedAt: new Date(now - 60_000),
    ...overrides,
  });
}

/**
 * Stores ads as the indexer does (rows and their outbox entries in one transaction: first_seen_at
 * is stamped there, and kept by later upserts), then drains the outbox into Meilisearch unless
 * `drain` is false (the ads then wait in the outbox, not yet searchable).
 */
export async function arrive(
  t: IndexedStore,
  ads: NormalizedJob[],
  options: { firstSeenAt?: Date; drain?: boolean } = {},
): Promise<void> {
  await t.database.db.transaction().execute(async (trx) => {
    const rows = ads.map((ad) => ({
      ...normalizedJobRow(ad, null),
      ...(options.firstSeenAt ? { firstSeenAt: options.firstSeenAt } : {}),
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await upsertJobsIfNewer(trx, rows.slice(start, start + 200));
    }
    await enqueue(
      trx,
      ads.map((ad) => ad.id),
    );
  });
  if (options.drain !== false) await drain(t);
}

/** The ads removed from the feed, as the indexer records it (removed in Postgres, queued for the index). */
export async function removeAds(
  t: IndexedStore,
  ids: string[],
  options: { drain?: boolean } = {},
): Promise<void> {
  await t.database.db.transaction().execute(async (trx) => {
    await markJobsRemoved(trx, ids, new Date());
    await enqueue(trx, ids);
  });
  if (options.drain !== false) await drain(t);
}

async function enqueue(db: Kysely<Database>, ids: string[]) {
  await sql`
    insert into search_outbox (job_id) select unnest(${ids}::text[])
    on conflict (job_id) do update set version = search_outbox.version + 1`.execute(db);
}

export const drain = (t: IndexedStore) =>
  drainOutbox({ db: t.database.db, client: t.search.client, indexUid: t.config.meiliIndex });

export interface AlertsWorld {
  t: TestApp;
  smtp: TestSmtpServer;
  /** The running mail sender (replaced by restartSender). */
  sender: MailSender;
  admin: TestUser;
  dataDir: string;
  /**
   * Stops the sender (its pooled SMTP connections close: the SMTP server can then stop at once)
   * and starts another.
   */
  restartSender(): Promise<void>;
  close(): Promise<void>;
}

/** The app (no scheduler: runs come from the admin route), a listening SMTP server and a mail sender. */
export async function alertsWorld(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<AlertsWorld> {
  const smtp = await createTestSmtpServer();
  await smtp.listen();
  const t = await buildTestApp(kind, {
    env: {
      ...RELAXED_RATE_LIMITS,
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      ALERTS_SCHEDULER: 'false',
      RATE_LIMIT_MAIL_REQUESTS_PER_IP: '10000',
      ...env,
    },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-alerts-'));
  const startSender = () => {
    const sender = startMailSender({
      db: t.database.db,
      config: t.config,
      dataDir,
      logger: quietLogger,
      pollMs: 200,
      retry: { baseMs: 200, random: () => 0 },
    });
    return { sender, unregister: registerMailWaker(t.database, sender.wake) };
  };
  let running = startSender();
  const stopSender = async () => {
    running.unregister();
    await running.sender.stop();
  };
  const admin = await createUser(t, 'admin');
  const world: AlertsWorld = {
    t,
    smtp,
    sender: running.sender,
    admin,
    dataDir,
    async restartSender() {
      await stopSender();
      running = startSender();
      world.sender = running.sender;
    },
    async close() {
      await stopSender();
      await smtp.close();
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}

/** POST /api/admin/alerts/run. */
export async function adminRun(world: AlertsWorld): Promise<{ subscriptions: number; mails: number }> {
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/api/admin/alerts/run',
    headers: bearer(world.admin.token),
  });
  if (response.statusCode !== 200) throw new Error(`alert run failed: ${response.body}`);
  return response.json();
}

/** Runs the alerts and waits until the sender has delivered everything it may. */
export async function runAndDeliver(world: AlertsWorld) {
  const result = await adminRun(world);
  await world.sender.idle();
  return result;
}

/** The mails an address received, oldest first. */
export const mailsTo = (world: AlertsWorld, address: string): ParsedMail[] =>
  world.smtp.received.filter((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) =>
      to?.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()),
    ),
  );

/** The ad ids a mail links to (its /jobb/<id> links), in the order listed. */
export function adIdsIn(mail: ParsedMail): string[] {
  const ids = [...(mail.text ?? '').matchAll(/\/jobb\/([A-Za-z0-9_-]+)/g)].map((match) => match[1]!);
  return [...new Set(ids)];
}

/** The token in the first link of a mail that leads to `pathname`. */
export function tokenFrom(mail: ParsedMail, pathname: string): string {
  const text = `${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`;
  for (const match of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0].replace(/&amp;/g, '&'));
    const token = url.searchParams.get('token');
    if (url.pathname === pathname && token) return token;
  }
  throw new Error(`no link to ${pathname} in the mail`);
}

/** A header as it arrived (mailparser folds the List-* headers into one object). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

/** The List-Unsubscribe link of a mail (RFC 8058). */
export function oneClickUrl(mail: ParsedMail): string {
  const value = rawHeader(mail, 'List-Unsubscribe') ?? '';
  const match = /<(https?:\/\/[^>]+)>/.exec(value);
  if (!match?.[1]) throw new Error(`no List-Unsubscribe link: ${value}`);
  return match[1];
}

/** A visitor subscribes and opens the confirmation mail's link. */
export async function confirmedVisitor(
  world: AlertsWorld,
  email: string,
  query: Record<string, string | boolean | string[]>,
  alert: 'instant' | 'daily' | 'weekly' = 'daily',
): Promise<void> {
  const before = mailsTo(world, email).length;
  const subscribed = await world.t.app.inject({
    method: 'POST',
    url: '/api/alerts/subscribe',
    payload: { email, query, alert },
  });
  if (subscribed.statusCode !== 202) throw new Error(`subscribe failed: ${subscribed.body}`);
  await world.sender.idle();
  const confirmation = mailsTo(world, email)[before];
  if (!confirmation) throw new Error(`no confirmation mail to ${email}`);
  const confirmed = await world.t.app.inject({
    method: 'POST',
    url: '/api/alerts/confirm',
    payload: { token: tokenFrom(confirmation, '/bevakning/bekrafta') },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
}

/** A candidate account whose address is verified (alerts go only to verified addresses). */
export async function verifiedUser(world: AlertsWorld): Promise<TestUser> {
  const user = await createUser(world.t);
  await world.t.database.db
    .updateTable('users')
    .set({ emailVerifiedAt: new Date() })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** A token signed with the app's secret (to forge what the mails carry, or to tamper with it). */
export const appTokens = (t: TestApp) => createSignedTokens(t.config.jwtSecret!);

export { bearer, createUser };
