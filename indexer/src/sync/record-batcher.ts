import { classifyFeedRecord } from '../normalize/classify-feed-record.js';
import type { NormalizedJob } from '../normalize/normalized-job.js';
import { markRemoved, upsertJobs } from './jobs-store.js';
import type { SyncContext } from './sync-context.js';

export interface BatchTotals {
  records: number;
  imported: number;
  vacancies: number;
  removed: number;
  invalid: number;
  /** Newest change time seen (ad timestamp or removal date). */
  lastEventAt: Date | null;
}

/**
 * Classifies feed records and writes them in batches, keeping the feed's order between ads and
 * removal events (an update followed by a removal in one window must end removed). One write runs
 * while the next batch is read and classified; writes never overlap, so they land in feed order.
 */
export class RecordBatcher {
  readonly totals: BatchTotals = {
    records: 0,
    imported: 0,
    vacancies: 0,
    removed: 0,
    invalid: 0,
    lastEventAt: null,
  };
  readonly seenAdIds = new Set<string>();
  private ads: NormalizedJob[] = [];
  private removals: { id: string; removedAt: Date | null }[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: SyncContext,
    private readonly options: { trackSeen?: boolean } = {},
  ) {}

  async add(record: unknown): Promise<void> {
    this.totals.records++;
    const classified = classifyFeedRecord(record);
    if (classified.kind === 'invalid') {
      this.totals.invalid++;
      this.ctx.logger.warn(
        { adId: classified.id, reason: classified.reason },
        'skipped an unreadable feed record',
      );
      return;
    }
    if (classified.kind === 'ad') {
      if (this.removals.length > 0) await this.flushRemovals();
      this.ads.push(classified.ad);
      if (this.options.trackSeen) this.seenAdIds.add(classified.ad.id);
      this.noteEvent(classified.ad.sourceUpdatedAt);
      if (this.ads.length >= this.ctx.batchSize) await this.flushAds();
      return;
    }
    if (this.ads.length > 0) await this.flushAds();
    this.removals.push({ id: classified.id, removedAt: classified.removedAt });
    this.noteEvent(classified.removedAt);
    if (this.removals.length >= this.ctx.batchSize) await this.flushRemovals();
  }

  /** Writes what is buffered and waits until every write is done (or throws the first failure). */
  async flush(): Promise<void> {
    await this.flushAds();
    await this.flushRemovals();
    await this.writing;
  }

  private noteEvent(at: Date | null) {
    if (at && (!this.totals.lastEventAt || at > this.totals.lastEventAt)) this.totals.lastEventAt = at;
  }

  /**
   * Starts `write` once the previous write is done, and returns when that previous one is: the
   * caller goes on classifying while this write runs. A failed write fails every later call.
   */
  private async enqueueWrite(write: () => Promise<void>): Promise<void> {
    const previous = this.writing;
    this.writing = previous.then(write);
    // Observed here so a failure is never "unhandled"; it surfaces through the next await.
    this.writing.catch(() => undefined);
    await previous;
  }

  private async flushAds() {
    if (this.ads.length === 0) return;
    const batch = this.ads;
    this.ads = [];
    await this.enqueueWrite(async () => {
      const result = await upsertJobs(this.ctx.db, batch);
      this.totals.imported += result.written;
      this.totals.vacancies += result.vacancies;
    });
  }

  private async flushRemovals() {
    if (this.removals.length === 0) return;
    const batch = this.removals;
    this.removals = [];
    await this.enqueueWrite(async () => {
      this.totals.removed += await markRemoved(this.ctx.db, batch);
    });
  }
}
