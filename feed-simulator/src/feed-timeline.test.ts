import { describe, expect, it } from 'vitest';
import { adIdFor } from './ad-generator.js';
import { FeedTimeline } from './feed-timeline.js';
import type { JobStreamRecord } from './jobstream-shape.js';
import { parseStockholm } from './stockholm-clock.js';

const T0 = Date.UTC(2025, 2, 3, 7, 0, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

type CorpusState = Map<string, { timestamp: number; deadline: number }>;

function snapshotState(timeline: FeedTimeline, time: number): CorpusState {
  const state: CorpusState = new Map();
  for (const ad of timeline.snapshotAt(time)) {
    state.set(ad.id, { timestamp: ad.timestamp, deadline: parseStockholm(ad.last_publication_date)! });
  }
  return state;
}

/** What a consumer does with a stream answer: upsert ads, delete removals (ids coerced to strings). */
function applyRecords(state: CorpusState, records: JobStreamRecord[]) {
  for (const record of records) {
    if (record.removed) state.delete(String(record.id));
    else
      state.set(record.id, {
        timestamp: record.timestamp,
        deadline: parseStockholm(record.last_publication_date)!,
      });
  }
}

/** Replays the stream from before T0 to `until` in overlapping windows, then expires ads locally. */
function replayStream(
  timeline: FeedTimeline,
  until: number,
  windowMs: number,
  overlapMs: number,
): CorpusState {
  const state = snapshotState(timeline, T0);
  for (let from = T0 - overlapMs; from < until; from += windowMs - overlapMs) {
    const to = Math.min(from + windowMs, until);
    applyRecords(
      state,
      timeline.changesBetween(from, to).map((change) => timeline.recordFor(change)),
    );
  }
  for (const [id, ad] of state) if (ad.deadline < until) state.delete(id);
  return state;
}

describe('FeedTimeline snapshot', () => {
  it('holds exactly the initial ads at T0', () => {
    const timeline = new FeedTimeline({ seed: 3, ads: 250, startTime: T0, changeRatePerSecond: 1 });
    const ids = [...timeline.snapshotAt(T0)].map((ad) => ad.id).sort();
    expect(ids).toEqual(Array.from({ length: 250 }, (_, i) => adIdFor(i)).sort());
  });

  it('stays consistent while a later snapshot is taken during its iteration', () => {
    const timeline = new FeedTimeline({ seed: 12, ads: 80, startTime: T0, changeRatePerSecond: 4 });
    const early = T0 + 5 * MINUTE;
    const expected = [...timeline.snapshotAt(early)].map((ad) => ad.timestamp);
    const iteration = timeline.snapshotAt(early);
    const first = iteration.next().value!;
    snapshotState(timeline, T0 + 60 * MINUTE);
    const rest = [...iteration].map((ad) => ad.timestamp);
    expect([first.timestamp, ...rest]).toEqual(expected);
  });

  it('is reproducible from (seed, ads, T0, rate, t) alone', () => {
    const make = () => new FeedTimeline({ seed: 8, ads: 120, startTime: T0, changeRatePerSecond: 3 });
    const later = T0 + 7 * MINUTE;
    const first = make();
    snapshotState(first, T0 + 30 * MINUTE); // moves the update cache past `later`
    expect(snapshotState(first, later)).toEqual(snapshotState(make(), later));
  });
});

describe('FeedTimeline stream', () => {
  it('rebuilds the snapshot at t from the T0 snapshot plus the stream, over minutes', () => {
    const timeline = new FeedTimeline({ seed: 5, ads: 400, startTime: T0, changeRatePerSecond: 2 });
    const until = T0 + 45 * MINUTE;
    const replayed = replayStream(timeline, until, 7 * MINUTE, 2 * MINUTE);
    const expected = snapshotState(timeline, until);
    expect(replayed.size).toBe(expected.size);
    expect(replayed).toEqual(expected);
    const description = timeline.describe(until);
    expect(description.events).toBe(5399);
    expect([description.published, description.removed]).toEqual([1620, 1079]);
  });

  it('rebuilds it over weeks too, when ads expire without any event', () => {
    const timeline = new FeedTimeline({ seed: 11, ads: 300, startTime: T0, changeRatePerSecond: 0.004 });
    const until = T0 + 24 * DAY;
    const expected = snapshotState(timeline, until);
    expect(replayStream(timeline, until, DAY, 10 * MINUTE)).toEqual(expected);
    expect(expected.size).toBeLessThan(timeline.describe(until).notRemoved);
  });

  it('reports each ad once per window with its last change, oldest first', () => {
    const timeline = new FeedTimeline({ seed: 2, ads: 20, startTime: T0, changeRatePerSecond: 5 });
    const changes = timeline.changesBetween(T0, T0 + 10 * MINUTE);
    expect(new Set(changes.map((change) => change.index)).size).toBe(changes.length);
    expect(changes.map((change) => change.time)).toEqual(
      changes.map((change) => change.time).sort((a, b) => a - b),
    );
    for (const change of changes) expect(change.time).toBeLessThan(T0 + 10 * MINUTE);
  });

  it('includes initial ads whose last change falls in a window before T0', () => {
    const timeline = new FeedTimeline({ seed: 4, ads: 500, startTime: T0, changeRatePerSecond: 1 });
    const snapshot = [...timeline.snapshotAt(T0)];
    const since = T0 - 2 * DAY;
    const expected = snapshot.filter((ad) => ad.timestamp >= since).map((ad) => ad.id);
    expect(expected.length).toBeGreaterThan(0);
    const streamed = timeline.changesBetween(since, T0).map((change) => timeline.recordFor(change).id);
    expect(streamed.map(String).sort()).toEqual(expected.sort());
  });

  it('sends removals in the real shape, about a third with numeric ids', () => {
    const timeline = new FeedTimeline({ seed: 6, ads: 3000, startTime: T0, changeRatePerSecond: 10 });
    const removals = timeline
      .changesBetween(T0, T0 + 10 * MINUTE)
      .filter((change) => change.kind === 'remove')
      .map((change) => timeline.recordFor(change));
    const numeric = removals.filter((removal) => typeof removal.id === 'number');
    expect(removals).toHaveLength(timeline.describe(T0 + 10 * MINUTE).removed);
    expect(removals.length).toBeGreaterThan(1000);
    expect(numeric.length / removals.length).toBeGreaterThan(0.25);
    expect(numeric.length / removals.length).toBeLessThan(0.42);
    expect(Object.keys(numeric[0]!)).toEqual(['id', 'removed', 'removed_date']);
    const withConcepts = removals.find((removal) => typeof removal.id === 'string')!;
    expect(withConcepts).toMatchObject({ removed: true, occupation: { concept_id: expect.any(String) } });
    expect((withConcepts as { removed_date: string }).removed_date).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
    );
  });

  it('never removes or updates an ad that is not live', () => {
    const timeline = new FeedTimeline({ seed: 9, ads: 15, startTime: T0, changeRatePerSecond: 1 });
    for (let number = 0; number < 2000; number++) {
      const event = timeline.eventAt(number);
      if (!event || event.kind === 'publish') continue;
      expect(timeline.isPublishedAt(event.index, event.time)).toBe(true);
      if (event.kind === 'remove') expect(timeline.isPublishedAt(event.index, event.time + 1)).toBe(false);
    }
  });

  it('grows a corpus that starts empty', () => {
    const timeline = new FeedTimeline({ seed: 1, ads: 0, startTime: T0, changeRatePerSecond: 1 });
    expect([...timeline.snapshotAt(T0)]).toHaveLength(0);
    const later = T0 + 10 * MINUTE;
    expect(replayStream(timeline, later, 3 * MINUTE, MINUTE)).toEqual(snapshotState(timeline, later));
    expect(snapshotState(timeline, later).size).toBe(timeline.describe(later).notRemoved);
    expect(timeline.describe(later).notRemoved).toBeGreaterThan(50);
  });

  it('counts events exactly at the boundaries of their times', () => {
    const timeline = new FeedTimeline({ seed: 1, ads: 10, startTime: T0, changeRatePerSecond: 3 });
    for (const number of [0, 1, 2, 299, 300, 12_345]) {
      const time = timeline.eventTime(number);
      expect(timeline.eventsUpTo(time)).toBe(number + 1);
      expect(timeline.eventsUpTo(time - 1)).toBe(number);
    }
  });
});
