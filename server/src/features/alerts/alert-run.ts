import { MAX_ADS_PER_ALERT_MAIL, stockholmDate } from '@jobbportalen/contracts';
import { oldestPendingEnqueuedAt } from '@jobbportalen/indexer';
import { liveJobsByIds, type DatabaseHandle, type SearchEngine } from '@jobbportalen/storage';
import type { MultiSearchQuery } from 'meilisearch';
import type { FacetValuesCache } from '../../search/facet-values-cache.js';
import type { MailLinks } from '../../mail/mail-links.js';
import type { AlertMailAd, QueuedMail } from '../../mail/mail-kinds.js';
import { queueMails } from '../../mail/mail-outbox.repository.js';
import {
  advanceWatermarks,
  dueSubscriptionsPage,
  insertAlertMails,
  sentJobIds,
  type DueCriteria,
  type DueCursor,
  type DueSubscription,
} from './alert-run.repository.js';
import {
  firstSeenSearch,
  FIRST_SEARCH_LIMIT,
  FULL_SEARCH_LIMIT,
  multiSearch,
  searchCompiler,
  type NewAdHit,
} from './alert-search.js';
import { latestDailyMoment, latestWeeklyMoment, stockholmIsoWeek } from './alert-schedule.js';
import { alertMailPayload } from './alert-mail.js';
import { isProfileSearch, type ProfileSearches } from './profile-search.js';

/**
 * How far before a subscription's watermark a run looks again. An ad is stamped first_seen_at when
 * its transaction starts and becomes searchable a little later, so a run may pass its moment before
 * it can be found; looking back catches it, and the sent set keeps it from being sent twice.
 */
export const LOOKBACK_MS = 10 * 60_000;
/** The longest alerts wait for the search index to catch up with a pending change. */
export const MAX_INDEX_WAIT_MS = 6 * 60 * 60_000;
/** An instant alert mails at most this often. */
export const INSTANT_MIN_INTERVAL_MS = 60 * 60_000;
/** Subscriptions per page read and per transaction written. */
export const DEFAULT_RUN_BATCH_SIZE = 250;

export interface AlertRunLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface AlertRunDependencies {
  database: Pick<DatabaseHandle, 'db'>;
  search: SearchEngine;
  indexUid: string;
  facetValues: FacetValuesCache;
  links: MailLinks;
  /** Profiles and their fit, for 'Jobb som matchar min profil' (NO_PROFILES: none mails). */
  profiles: ProfileSearches;
  logger?: AlertRunLogger;
  now?: () => Date;
  batchSize?: number;
  /** Hits the first search of a query brings back (tests lower it to reach the second search). */
  firstSearchLimit?: number;
  /** Ends the run between two batches (the rest stays due for the next run). */
  signal?: AbortSignal;
  /** Called after each batch's transaction commits (tests stop a run between batches). */
  onBatchCommitted?: (progress: AlertRunResult) => void | Promise<void>;
  /** Told of each finished run (the portal's metrics). */
  observer?: AlertRunObserver;
}

export interface AlertRunObserver {
  runDone(mode: AlertRunMode['kind'], result: AlertRunResult, seconds: number): void;
}

/** An admin's run (every subscription, as if its time had come) or the schedule's. */
export type AlertRunMode = { kind: 'admin' } | { kind: 'scheduled'; dailyAt: string };

export interface AlertRunResult {
  /** Subscriptions the run looked at. */
  subscriptions: number;
  /** Mails it queued. */
  mails: number;
}

/**
 * An ad's card for the mail, read from Postgres: null when the ad is no longer live there. It
 * carries the exact first-seen time: the index has whole seconds only, and an ad first seen earlier
 * in the second a subscription was confirmed is not new for it.
 */
interface LiveCard {
  ad: Omit<AlertMailAd, 'url'>;
  firstSeenAt: number;
}
type Card = LiveCard | null;

const CARD_COLUMNS = ['id', 'title', 'company', 'location', 'lastDate', 'expiresAt', 'firstSeenAt'] as const;
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Which subscriptions a run takes, and the period (idempotency key part) of each one's mail. */
function planOf(mode: AlertRunMode, now: Date, horizon: Date) {
  if (mode.kind === 'admin') {
    const period = `run:${horizon.toISOString()}`;
    return { criteria: { kind: 'all' } as DueCriteria, periodOf: () => period };
  }
  const daily = latestDailyMoment(now, mode.dailyAt);
  const weekly = latestWeeklyMoment(now, mode.dailyAt);
  // A daily or weekly alert waits until the index holds every ad first seen before its moment:
  // it is then checked up to past the moment in one go, so it is due (and mailed) once a period.
  const criteria: DueCriteria = {
    kind: 'scheduled',
    dailyMoment: horizon >= daily ? daily : null,
    weeklyMoment: horizon >= weekly ? weekly : null,
    instantMailedBefore: new Date(now.getTime() - INSTANT_MIN_INTERVAL_MS),
    horizon,
  };
  const periods = {
    daily: `daily:${stockholmDate(daily)}`,
    weekly: `weekly:${stockholmIsoWeek(weekly)}`,
    instant: `instant:${horizon.toISOString()}`,
  };
  return { criteria, periodOf: (subscription: DueSubscription) => periods[subscription.alert] };
}

/** The moment after which a subscription's ads are new: its watermark less the look-back, never before it was confirmed. */
function sinceOf(subscription: DueSubscription): Date {
  const confirmed = subscription.confirmedAt.getTime();
  if (!subscription.checkedUntil) return subscription.confirmedAt;
  return new Date(Math.max(subscription.checkedUntil.getTime() - LOOKBACK_MS, confirmed));
}

/**
 * One alert run: every due subscription (a page at a time, grouped by query) gets one mail with the
 * ads that are new for it, or none when nothing is. An ad is new when it matches the query in the
 * index now, is past neither its deadline nor its removal in Postgres, was first seen after the
 * subscription's watermark (less the look-back) and up to the run's horizon, and is not in the
 * subscription's sent set. Each batch's mails are queued in the transaction that records them in
 * the sent set and moves the watermarks, so a run stopped anywhere resumes without sending twice.
 */
export async function runAlerts(deps: AlertRunDependencies, mode: AlertRunMode): Promise<AlertRunResult> {
  const { db } = deps.database;
  const startedAt = performance.now();
  const now = (deps.now ?? (() => new Date()))();
  const batchSize = deps.batchSize ?? DEFAULT_RUN_BATCH_SIZE;
  // Ads first seen after the oldest change still waiting for the index may not be searchable yet.
  // A change that has waited longer than MAX_INDEX_WAIT_MS is stuck rather than late (Meilisearch
  // refusing one document forever): alerts then go out with what is searchable instead of never.
  const pending = await oldestPendingEnqueuedAt(db);
  const horizon = new Date(
    Math.max(Math.min(pending?.getTime() ?? now.getTime(), now.getTime()), now.getTime() - MAX_INDEX_WAIT_MS),
  );
  if (now.getTime() - horizon.getTime() > LOOKBACK_MS)
    deps.logger?.warn({ horizon, now }, 'alerts: the search index lags behind; new ads wait for it');
  const { criteria, periodOf } = planOf(mode, now, horizon);
  const compile = searchCompiler(deps.facetValues);
  const cards = new Map<string, Card>();
  const result: AlertRunResult = { subscriptions: 0, mails: 0 };

  let cursor: DueCursor | null = null;
  while (!deps.signal?.aborted) {
    const page = await dueSubscriptionsPage(db, criteria, cursor, batchSize);
    if (page.length === 0) break;
    const last = page[page.length - 1]!;
    cursor = { queryKey: last.queryKey, id: last.id };

    const mails = await mailsOfPage(deps, page, { now, horizon, compile, cards, periodOf });
    const queued = await db.transaction().execute(async (trx) => {
      const recorded = await insertAlertMails(
        trx,
        mails.map((mail) => ({
          savedSearchId: mail.subscriptionId,
          period: mail.period,
          jobIds: mail.jobIds,
        })),
      );
      const toQueue = mails.filter((mail) => recorded.has(mail.subscriptionId));
      await queueMails(
        trx,
        toQueue.map((mail) => mail.mail),
      );
      await advanceWatermarks(
        trx,
        page.map((subscription) => subscription.id),
        horizon,
        { ids: [...recorded], at: now },
      );
      return toQueue.length;
    });
    result.subscriptions += page.length;
    result.mails += queued;
    await deps.onBatchCommitted?.({ ...result });
  }
  if (result.subscriptions > 0 || mode.kind === 'admin')
    deps.logger?.info({ ...result, mode: mode.kind, horizon }, 'alerts: run done');
  deps.observer?.runDone(mode.kind, result, (performance.now() - startedAt) / 1000);
  return result;
}

interface PageContext {
  now: Date;
  horizon: Date;
  compile: ReturnType<typeof searchCompiler>;
  cards: Map<string, Card>;
  periodOf: (subscription: DueSubscription) => string;
}

interface PlannedMail {
  subscriptionId: string;
  period: string;
  jobIds: string[];
  mail: QueuedMail;
}

/** The new ads of each subscription of a page, found with one search per distinct query. */
async function mailsOfPage(
  deps: AlertRunDependencies,
  page: DueSubscription[],
  context: PageContext,
): Promise<PlannedMail[]> {
  const { now, horizon } = context;
  const since = new Map(page.map((subscription) => [subscription.id, sinceOf(subscription)]));
  const earliest = new Date(Math.min(...[...since.values()].map((date) => date.getTime())));
  if (earliest >= horizon) return [];

  const groups = new Map<string, DueSubscription[]>();
  for (const subscription of page) {
    const group = groups.get(subscription.queryKey);
    if (group) group.push(subscription);
    else groups.set(subscription.queryKey, [subscription]);
  }
  const keys = [...groups.keys()];
  const groupSince = (key: string) =>
    new Date(Math.min(...groups.get(key)!.map((subscription) => since.get(subscription.id)!.getTime())));
  const window = (key: string) => ({
    since: groupSince(key),
    sinceSecondIncluded: true,
    until: horizon,
    liveAt: now,
  });
  const retrieve = ['id', 'firstSeenTs'];
  const searches = await Promise.all(keys.map((key) => context.compile(key)));
  let results = await multiSearch(
    deps.search,
    keys.map((key, i) =>
      firstSeenSearch(deps.indexUid, searches[i]!, window(key), {
        limit: deps.firstSearchLimit ?? FIRST_SEARCH_LIMIT,
        attributesToRetrieve: retrieve,
      }),
    ),
  );
  // A query with more new ads than the first search brought back is asked for all of them.
  const overflowing = keys.flatMap((_, i) => (results[i]!.total > results[i]!.hits.length ? [i] : []));
  if (overflowing.length > 0) {
    const full = await multiSearch(
      deps.search,
      overflowing.map((i) =>
        firstSeenSearch(deps.indexUid, searches[i]!, window(keys[i]!), {
          limit: FULL_SEARCH_LIMIT,
          attributesToRetrieve: retrieve,
        }),
      ),
    );
    results = [...results];
    overflowing.forEach((i, n) => (results[i] = full[n]!));
  }

  // Each subscription's candidates: the hits of its query first seen after its own watermark.
  const candidates = new Map<string, NewAdHit[]>();
  const stillOverflowing = new Set<string>();
  keys.forEach((key, i) => {
    const { hits, total } = results[i]!;
    const newestFirst = [...hits].sort((a, b) => b.firstSeenTs - a.firstSeenTs || (a.id < b.id ? 1 : -1));
    if (total > hits.length) stillOverflowing.add(key);
    for (const subscription of groups.get(key)!) {
      const from = unixSeconds(since.get(subscription.id)!);
      candidates.set(
        subscription.id,
        newestFirst.filter((hit) => hit.firstSeenTs >= from),
      );
    }
  });
  const totals = await countBeyondReach(deps, page, stillOverflowing, since, searches, keys, context);

  const candidateIds = [...new Set([...candidates.values()].flatMap((hits) => hits.map((hit) => hit.id)))];
  const [sent] = await Promise.all([
    sentJobIds(
      deps.database.db,
      page.map((subscription) => ({ id: subscription.id, since: since.get(subscription.id)! })),
      candidateIds,
    ),
    readCards(deps, candidateIds, context),
  ]);

  const freshOf = new Map(
    page.map((subscription) => {
      const alreadySent = sent.get(subscription.id);
      const from = since.get(subscription.id)!.getTime();
      const fresh = (candidates.get(subscription.id) ?? []).filter((hit) => {
        const card = context.cards.get(hit.id);
        return card && card.firstSeenAt >= from && !alreadySent?.has(hit.id);
      });
      return [subscription.id, fresh];
    }),
  );
  // A profile search's news is the part of every new ad that fits the account's profile.
  const profileFits = await deps.profiles.fit(
    page
      .filter((subscription) => isProfileSearch(subscription.queryKey))
      .map((subscription) => ({ ...subscription, fresh: freshOf.get(subscription.id)! })),
  );

  const planned: PlannedMail[] = [];
  for (const subscription of page) {
    const hits = candidates.get(subscription.id) ?? [];
    const profileFit = profileFits.get(subscription.id);
    const fresh = profileFit ? profileFit.hits : freshOf.get(subscription.id)!;
    if (fresh.length === 0) continue;
    const listed = fresh.slice(0, MAX_ADS_PER_ALERT_MAIL);
    const counted = totals.get(subscription.id);
    // Beyond what the index lets a search reach, the rest is its count less what is not news.
    const all =
      counted === undefined ? fresh.length : Math.max(fresh.length, counted - (hits.length - fresh.length));
    const ads = listed.map((hit) => {
      const reason = profileFit?.reasons.get(hit.id);
      return { ...context.cards.get(hit.id)!.ad, url: deps.links.job(hit.id), ...(reason ? { reason } : {}) };
    });
    const period = context.periodOf(subscription);
    planned.push({
      subscriptionId: subscription.id,
      period,
      jobIds: listed.map((hit) => hit.id),
      mail: {
        idempotencyKey: `alert:${subscription.id}:${period}`,
        recipient: subscription.recipient,
        payload: alertMailPayload(deps.links, subscription, ads, all - listed.length),
      },
    });
  }
  return planned;
}

/**
 * For queries whose new ads exceed even the full search, each subscription's own count (a
 * search of no hits): the mail's 'och N till' stays right when the listing cannot see them all.
 */
async function countBeyondReach(
  deps: AlertRunDependencies,
  page: DueSubscription[],
  overflowing: Set<string>,
  since: Map<string, Date>,
  searches: Awaited<ReturnType<ReturnType<typeof searchCompiler>>>[],
  keys: string[],
  context: PageContext,
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (overflowing.size === 0) return totals;
  // A profile search counts what fits its profile, not every new ad: it lists what it could judge.
  const subscriptions = page.filter(
    (subscription) => overflowing.has(subscription.queryKey) && !isProfileSearch(subscription.queryKey),
  );
  const queries: MultiSearchQuery[] = subscriptions.map((subscription) =>
    firstSeenSearch(
      deps.indexUid,
      searches[keys.indexOf(subscription.queryKey)]!,
      {
        since: since.get(subscription.id)!,
        sinceSecondIncluded: true,
        until: context.horizon,
        liveAt: context.now,
      },
      { limit: 0 },
    ),
  );
  const counts = await multiSearch(deps.search, queries);
  subscriptions.forEach((subscription, i) => totals.set(subscription.id, counts[i]!.total));
  return totals;
}

/**
 * The cards of the ads not read yet in this run, from Postgres: an ad removed, expired or past its
 * deadline there is no news even while the index still has it.
 */
async function readCards(deps: AlertRunDependencies, ids: string[], context: PageContext): Promise<void> {
  const unread = ids.filter((id) => !context.cards.has(id));
  if (unread.length === 0) return;
  const rows = await liveJobsByIds(deps.database.db, unread, CARD_COLUMNS);
  for (const id of unread) context.cards.set(id, null);
  const now = context.now.getTime();
  for (const row of rows) {
    if (row.expiresAt && row.expiresAt.getTime() <= now) continue;
    if (row.lastDate && row.lastDate.getTime() < now) continue;
    context.cards.set(row.id, {
      ad: {
        id: row.id,
        title: row.title,
        company: row.company,
        location: row.location,
        lastDate: row.lastDate ? row.lastDate.toISOString() : null,
      },
      firstSeenAt: row.firstSeenAt.getTime(),
    });
  }
}
