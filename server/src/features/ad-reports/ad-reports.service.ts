import { createHmac } from 'node:crypto';
import {
  AD_REPORT_REASON_LABELS,
  adReportNeedsMessage,
  jobPagePath,
  type AdReportReason,
} from '@jobbportalen/contracts';
import type { HiddenAd, ReportedAd } from '@jobbportalen/contracts/api/ad-reports';
import { enqueueForIndexing } from '@jobbportalen/indexer';
import {
  findJobState,
  hideJob,
  isLiveJob,
  listHiddenJobs,
  unhideJob,
  type Database,
} from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { badRequest, notFound } from '../../errors.js';
import { clientAddress } from '../../http/client-address.js';
import {
  insertAdReport,
  openReasonCounts,
  openReportMessages,
  openReportSummaries,
  resolveOpenReports,
} from './ad-reports.repository.js';

type Db = Kysely<Database>;

/** The moderation list shows this many ads at most (the most reported first). */
const LISTED_ADS = 200;
/** Reporters' messages shown per ad, newest first. */
const MESSAGES_PER_AD = 20;

export const AD_MISSING = 'Annonsen finns inte eller är inte längre publicerad.';
export const MESSAGE_REQUIRED = 'Beskriv vad som är fel med annonsen.';

/**
 * Who reported, for counting one reporter once: a keyed hash of the client (an IPv6 address
 * counts as its /64, as the per-IP limit does: one phone changes address within it, and one
 * attacker holds 2^64 of them), so the stored key says nothing about the address (a plain hash
 * of an IPv4 address is undone by trying them all).
 */
export const reporterKey = (secret: string, ip: string) =>
  createHmac('sha256', secret)
    .update(`ad-report:${clientAddress(ip)}`)
    .digest('base64url');

export interface AdReportInput {
  jobId: string;
  reason: AdReportReason;
  message: string | undefined;
  reporterKey: string;
  userId: string | null;
}

/**
 * Records a report of a live ad. A reporter's repeat while the first is still open is accepted
 * without a second row, so nobody can make an ad look more reported than it is.
 */
export async function reportAd(db: Db, input: AdReportInput): Promise<void> {
  const message = input.message?.trim() || null;
  if (adReportNeedsMessage(input.reason) && !message)
    throw badRequest(MESSAGE_REQUIRED, { field: 'message' });
  if (!(await isLiveJob(db, input.jobId))) throw notFound(AD_MISSING);
  await insertAdReport(db, { ...input, message });
}

/** The ads with open reports, grouped per ad, for the admin's 'Anmälda annonser'. */
export async function listReportedAds(db: Db): Promise<ReportedAd[]> {
  const summaries = await openReportSummaries(db, LISTED_ADS);
  const ids = summaries.map((summary) => summary.jobId);
  const [reasons, messages] = await Promise.all([
    openReasonCounts(db, ids),
    openReportMessages(db, ids, MESSAGES_PER_AD),
  ]);
  return summaries.map((summary) => ({
    jobId: summary.jobId,
    title: summary.title,
    company: summary.company,
    link: jobPagePath(summary.jobId),
    removed: summary.removedAt !== null,
    count: Number(summary.count),
    reasons: reasons
      .filter((row) => row.jobId === summary.jobId)
      .map((row) => ({ reason: row.reason, label: AD_REPORT_REASON_LABELS[row.reason], count: row.count })),
    messages: messages
      .filter((row) => row.jobId === summary.jobId && row.message !== null)
      .map((row) => ({ reason: row.reason, message: row.message!, reportedAt: row.createdAt.toISOString() })),
    firstReportedAt: new Date(summary.firstReportedAt).toISOString(),
    lastReportedAt: new Date(summary.lastReportedAt).toISOString(),
  }));
}

/**
 * Hides the ad (its open reports resolved as 'hidden') and queues it for the search index, whose
 * delivery then finds it not live and deletes it. It stays hidden whatever the feed sends.
 */
export async function hideAd(db: Db, jobId: string, adminId: string): Promise<void> {
  if (!(await findJobState(db, jobId))) throw notFound('Annonsen finns inte.');
  await db.transaction().execute(async (trx) => {
    // The reason most reporters gave (none when an admin hides an ad nobody reported).
    const [top] = await openReasonCounts(trx, [jobId]);
    await hideJob(trx, {
      jobId,
      hiddenBy: adminId,
      reason: top ? AD_REPORT_REASON_LABELS[top.reason] : null,
    });
    await resolveOpenReports(trx, jobId, 'hidden', adminId);
    await enqueueForIndexing(trx, [jobId]);
  });
}

/** The ad's open reports resolved as 'dismissed': the ad stays as it is. */
export async function dismissReports(db: Db, jobId: string, adminId: string): Promise<void> {
  if ((await resolveOpenReports(db, jobId, 'dismissed', adminId)) === 0)
    throw notFound('Annonsen har inga öppna anmälningar.');
}

export async function listHiddenAds(db: Db): Promise<HiddenAd[]> {
  const rows = await listHiddenJobs(db, LISTED_ADS);
  return rows.map((row) => ({
    jobId: row.jobId,
    title: row.title,
    company: row.company,
    link: jobPagePath(row.jobId),
    removed: row.removedAt !== null,
    hiddenAt: row.hiddenAt.toISOString(),
    reason: row.reason,
  }));
}

/** Shows a hidden ad again and queues it, so the index gets it back if it is still live. */
export async function unhideAd(db: Db, jobId: string): Promise<void> {
  const shown = await db.transaction().execute(async (trx) => {
    if (!(await unhideJob(trx, jobId))) return false;
    await enqueueForIndexing(trx, [jobId]);
    return true;
  });
  if (!shown) throw notFound('Annonsen är inte dold.');
}
