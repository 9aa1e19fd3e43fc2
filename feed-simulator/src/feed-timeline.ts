import { adIdFor, generateAd } from './ad-generator.js';
import { adTimesFor, type AdGenerationOptions } from './ad-times.js';
import type { JobStreamAd, JobStreamRemoval } from './jobstream-shape.js';
import { hashInts, inversePermuteIndex, permuteIndex } from './prng.js';
import { formatStockholm } from './stockholm-clock.js';

/**
 * The change model. The corpus is `ads` live ads at `startTime` (T0). After that, change k happens
 * at T0 + (k + 1) / rate seconds, and its kind repeats in a fixed cycle of ten: five updates,
 * three publications and two removals, so the corpus grows slowly like the real one.
 *
 * Ads form a queue: the initial ads in a seeded shuffled order, then the new ads in publication
 * order. Removal j removes queue position j, so every removal hits a live ad exactly once; an
 * update hits a random position among the live ones. Everything is a pure function of (seed, ads,
 * T0, rate, t) — nothing about individual ads is stored except a cache of which update touched
 * each ad last, which can be rebuilt from scratch at any time.
 *
 * Ads whose last_publication_date passes get no event, as in the real feed: a snapshot leaves them
 * out and a consumer of the stream must expire them itself.
 */
export type ChangeKind = 'update' | 'publish' | 'remove';

const CYCLE: readonly ChangeKind[] = [
  'update',
  'publish',
  'update',
  'remove',
  'update',
  'publish',
  'update',
  'update',
  'publish',
  'remove',
];

const positionsOf = (kind: ChangeKind) =>
  CYCLE.flatMap((candidate, position) => (candidate === kind ? [position] : []));
const POSITIONS: Record<ChangeKind, number[]> = {
  update: positionsOf('update'),
  publish: positionsOf('publish'),
  remove: positionsOf('remove'),
};

export interface TimelineOptions {
  seed: number;
  /** Live ads at startTime. */
  ads: number;
  /** T0, epoch ms. */
  startTime: number;
  changeRatePerSecond: number;
}

export interface ChangeEvent {
  /** The event's number k (0-based). */
  number: number;
  time: number;
  kind: ChangeKind;
  index: number;
}

/** What the stream reports for one ad in a window: its last change there. */
export interface FeedChange {
  index: number;
  time: number;
  kind: ChangeKind;
  /** The event number, or null for an initial ad's state from before T0. */
  eventNumber: number | null;
}

export interface CorpusDescription {
  time: number;
  events: number;
  published: number;
  removed: number;
  /** Ads not removed, expired ones included. */
  notRemoved: number;
  /** Distinct ads updated since T0. */
  updated: number;
}

export class FeedTimeline {
  readonly seed: number;
  readonly initialAds: number;
  readonly startTime: number;
  readonly changeRatePerSecond: number;
  private readonly permutationSeed: number;
  private updatesSeen = 0;
  private lastUpdateByIndex = new Map<number, number>();

  constructor(options: TimelineOptions) {
    if (!Number.isInteger(options.ads) || options.ads < 0)
      throw new RangeError('ads must be a whole number ≥ 0');
    if (!(options.changeRatePerSecond >= 0)) throw new RangeError('changeRatePerSecond must be ≥ 0');
    this.seed = options.seed;
    this.initialAds = options.ads;
    this.startTime = options.startTime;
    this.changeRatePerSecond = options.changeRatePerSecond;
    this.permutationSeed = hashInts(options.seed, 0x5eed);
  }

  eventTime(number: number): number {
    return this.startTime + Math.floor(((number + 1) * 1000) / this.changeRatePerSecond);
  }

  /** How many events happen at or before time t. */
  eventsUpTo(time: number): number {
    if (this.changeRatePerSecond === 0 || time < this.eventTime(0)) return 0;
    let count = Math.max(0, Math.floor(((time - this.startTime + 1) * this.changeRatePerSecond) / 1000) - 1);
    while (count > 0 && this.eventTime(count - 1) > time) count--;
    while (this.eventTime(count) <= time) count++;
    return count;
  }

  /**
   * How many events the corpus at time t reflects: those strictly before t, so that the stream's
   * half-open window [from, t) applied to the snapshot at `from` gives exactly the snapshot at t.
   */
  eventsBefore(time: number): number {
    return this.eventsUpTo(time - 1);
  }

  /** Events of a kind among events [0, number). */
  countBefore(kind: ChangeKind, number: number): number {
    const positions = POSITIONS[kind];
    const withinCycle = number % CYCLE.length;
    return (
      Math.floor(number / CYCLE.length) * positions.length + positions.filter((p) => p < withinCycle).length
    );
  }

  private queueIndex(position: number): number {
    return position < this.initialAds
      ? permuteIndex(position, this.initialAds, this.permutationSeed)
      : position;
  }

  /** The event's target, or null for an update that found no live ad (an empty corpus). */
  eventAt(number: number): ChangeEvent | null {
    const kind = CYCLE[number % CYCLE.length] as ChangeKind;
    const time = this.eventTime(number);
    if (kind === 'publish')
      return { number, time, kind, index: this.initialAds + this.countBefore('publish', number) };
    const removed = this.countBefore('remove', number);
    if (kind === 'remove') return { number, time, kind, index: this.queueIndex(removed) };
    const live = this.initialAds + this.countBefore('publish', number) - removed;
    if (live <= 0) return null;
    return { number, time, kind, index: this.queueIndex(removed + (hashInts(this.seed, number, 7) % live)) };
  }

  /** Generation options for an ad as last changed by `eventNumber` (null: as first published). */
  adOptions(index: number, eventNumber: number | null): AdGenerationOptions {
    const options: AdGenerationOptions =
      index < this.initialAds
        ? { referenceTime: this.startTime }
        : { publishedAt: this.eventTime(this.publishEventOf(index)) };
    if (eventNumber !== null && CYCLE[eventNumber % CYCLE.length] === 'update') {
      options.revision = eventNumber;
      options.updatedAt = this.eventTime(eventNumber);
    }
    return options;
  }

  private publishEventOf(index: number): number {
    const ordinal = index - this.initialAds;
    const { publish } = POSITIONS;
    return (
      Math.floor(ordinal / publish.length) * CYCLE.length + (publish[ordinal % publish.length] as number)
    );
  }

  /** The last update event ≤ `events` for each updated ad; advanced incrementally while time moves forward. */
  private lastUpdates(events: number): Map<number, number> {
    if (events < this.updatesSeen) {
      this.updatesSeen = 0;
      this.lastUpdateByIndex = new Map();
    }
    for (let number = this.updatesSeen; number < events; number++) {
      if (CYCLE[number % CYCLE.length] !== 'update') continue;
      const event = this.eventAt(number);
      if (event) this.lastUpdateByIndex.set(event.index, number);
    }
    this.updatesSeen = events;
    return this.lastUpdateByIndex;
  }

  /** Whether the ad exists (published, not removed) at t, ignoring its deadline. */
  isPublishedAt(index: number, time: number): boolean {
    const events = this.eventsBefore(time);
    if (index >= this.initialAds + this.countBefore('publish', events)) return false;
    const position =
      index < this.initialAds ? inversePermuteIndex(index, this.initialAds, this.permutationSeed) : index;
    return position >= this.countBefore('remove', events);
  }

  /** Indexes and last-change event numbers of the ads a snapshot at t contains. */
  *liveAt(time: number): Generator<{ index: number; eventNumber: number | null }> {
    const events = this.eventsBefore(time);
    // A copy, because a concurrent request may move the shared cache past this snapshot's time
    // while this one is still being streamed.
    const updates = new Map(this.lastUpdates(events));
    const end = this.initialAds + this.countBefore('publish', events);
    for (let position = this.countBefore('remove', events); position < end; position++) {
      const index = this.queueIndex(position);
      const eventNumber = updates.get(index) ?? (index < this.initialAds ? null : this.publishEventOf(index));
      if (adTimesFor(index, this.seed, this.adOptions(index, eventNumber)).deadline < time) continue;
      yield { index, eventNumber };
    }
  }

  /** The ads of a snapshot at t, generated one at a time. */
  *snapshotAt(time: number): Generator<JobStreamAd> {
    for (const { index, eventNumber } of this.liveAt(time)) {
      yield generateAd(index, this.seed, this.adOptions(index, eventNumber));
    }
  }

  /**
   * The stream's answer for [from, to): per ad, its last change in the window, oldest first. Initial
   * ads count as changed at their own `timestamp` when that falls in the window (before T0).
   */
  changesBetween(from: number, to: number): FeedChange[] {
    const byIndex = new Map<number, FeedChange>();
    if (from < this.startTime) {
      const end = Math.min(to, this.startTime);
      for (let index = 0; index < this.initialAds; index++) {
        const { timestamp } = adTimesFor(index, this.seed, { referenceTime: this.startTime });
        if (timestamp >= from && timestamp < end)
          byIndex.set(index, { index, time: timestamp, kind: 'update', eventNumber: null });
      }
    }
    const first = this.eventsBefore(from);
    const last = this.eventsBefore(to);
    for (let number = first; number < last; number++) {
      const event = this.eventAt(number);
      if (!event) continue;
      byIndex.delete(event.index);
      byIndex.set(event.index, {
        index: event.index,
        time: event.time,
        kind: event.kind,
        eventNumber: number,
      });
    }
    return [...byIndex.values()].sort((a, b) => a.time - b.time || a.index - b.index);
  }

  /** The record the stream sends for a change. About a third of removals carry a numeric id, as old feeds did. */
  recordFor(change: FeedChange): JobStreamAd | JobStreamRemoval {
    if (change.kind !== 'remove') {
      return generateAd(change.index, this.seed, this.adOptions(change.index, change.eventNumber));
    }
    const removedDate = formatStockholm(change.time);
    if (hashInts(this.seed, change.eventNumber ?? 0, 11) % 3 === 0) {
      return { id: Number(adIdFor(change.index)), removed: true, removed_date: removedDate };
    }
    const ad = generateAd(change.index, this.seed, this.adOptions(change.index, null));
    return {
      id: ad.id,
      removed: true,
      removed_date: removedDate,
      occupation: { concept_id: ad.occupation.concept_id },
      occupation_group: { concept_id: ad.occupation_group.concept_id },
      occupation_field: { concept_id: ad.occupation_field.concept_id },
      workplace_address: {
        municipality_concept_id: ad.workplace_address.municipality_concept_id,
        region_concept_id: ad.workplace_address.region_concept_id,
        country_concept_id: ad.workplace_address.country_concept_id,
      },
    };
  }

  describe(time: number): CorpusDescription {
    const events = this.eventsBefore(time);
    const published = this.countBefore('publish', events);
    const removed = this.countBefore('remove', events);
    return {
      time,
      events,
      published,
      removed,
      notRemoved: this.initialAds + published - removed,
      updated: this.lastUpdates(events).size,
    };
  }
}
