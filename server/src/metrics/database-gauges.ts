import { outboxSize, readFeedState } from '@jobbportalen/indexer';
import { replicaLags, replicaPositions, type Database, type ReplicaState } from '@jobbportalen/storage';
import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import { mailQueueNow } from '../mail/mail-outbox.repository.js';

export interface DatabaseGaugeSources {
  db: Kysely<Database>;
  indexUid: string;
  replicaIds: readonly string[];
}

interface Reading {
  outbox: number;
  lastWindowAt: Date | null;
  mailQueued: number;
  oldestQueuedAt: Date | null;
  replicas: { id: string; state: ReplicaState | null; lag: number | null }[];
}

const STATES: readonly ReplicaState[] = ['filling', 'live', 'rebuild'];
/** One scrape asks every gauge at once: they share one reading younger than this. */
const SHARED_READING_MS = 1000;

/**
 * The gauges that are rows in tables (outbox depth, the feed's last good window, the mail queue,
 * each replica's lag and state), read when Prometheus scrapes — a few small queries per scrape,
 * each in the repository that owns its table — rather than kept up to date by every writer.
 * A failed reading (the database away a moment) keeps the gauges' last values instead of failing
 * the scrape. They are registered with the first database watched: a process without one (a
 * server beside its own indexer) reports none, rather than zeros that look like an empty queue.
 */
export function databaseGauges(prefix: string, registers: Registry[]) {
  let sources: DatabaseGaugeSources | undefined;
  let shared: { at: number; reading: Promise<Reading | null> } | undefined;

  const read = (): Promise<Reading | null> => {
    if (!sources) return Promise.resolve(null);
    if (shared && Date.now() - shared.at < SHARED_READING_MS) return shared.reading;
    const { db, indexUid, replicaIds } = sources;
    const reading = (async (): Promise<Reading> => {
      const [outbox, feed, mail, positions, lags] = await Promise.all([
        outboxSize(db),
        readFeedState(db),
        mailQueueNow(db),
        replicaPositions(db, indexUid, replicaIds),
        replicaLags(db, indexUid, replicaIds),
      ]);
      return {
        outbox,
        // The cursor moves only when a window was applied whole (stream-sync.ts).
        lastWindowAt: feed.lastCursor,
        mailQueued: mail.queued,
        oldestQueuedAt: mail.oldestQueuedAt,
        replicas: replicaIds.map((id) => ({
          id,
          state: positions.get(id)?.state ?? null,
          lag: lags.get(id) ?? null,
        })),
      };
    })().catch(() => null);
    shared = { at: Date.now(), reading };
    return reading;
  };
  const ageSeconds = (at: Date | null) => (at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : 0);

  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    // One number of the reading each.
    const valueGauge = (name: string, help: string, valueOf: (reading: Reading) => number) =>
      new Gauge({
        name: `${prefix}${name}`,
        help,
        registers,
        async collect() {
          const reading = await read();
          if (reading) this.set(valueOf(reading));
        },
      });
    valueGauge(
      'search_outbox_depth',
      'Ad changes waiting in the search outbox for a replica to confirm them',
      (reading) => reading.outbox,
    );
    valueGauge(
      'feed_last_success_age_seconds',
      'Seconds since the end of the last feed window applied whole (0 before the first)',
      (reading) => ageSeconds(reading.lastWindowAt),
    );
    valueGauge('mail_queued', 'Mails waiting in the outbox to be sent', (reading) => reading.mailQueued);
    valueGauge(
      'mail_oldest_queued_age_seconds',
      'Seconds the longest-waiting queued mail has waited (0 with none queued)',
      (reading) => ageSeconds(reading.oldestQueuedAt),
    );
    new Gauge({
      name: `${prefix}search_replica_lag_rows`,
      help: 'Outbox rows each Meilisearch replica has not confirmed yet',
      labelNames: ['replica'],
      registers,
      async collect() {
        const reading = await read();
        if (!reading) return;
        this.reset();
        for (const replica of reading.replicas)
          if (replica.lag !== null) this.set({ replica: replica.id }, replica.lag);
      },
    });
    new Gauge({
      name: `${prefix}search_replica_state`,
      help: 'Each Meilisearch replica’s state (1 for the one it is in: filling, live or rebuild)',
      labelNames: ['replica', 'state'],
      registers,
      async collect() {
        const reading = await read();
        if (!reading) return;
        this.reset();
        for (const replica of reading.replicas)
          for (const state of STATES)
            this.set({ replica: replica.id, state }, replica.state === state ? 1 : 0);
      },
    });
  };

  return {
    watch(next: DatabaseGaugeSources) {
      register();
      sources = next;
      shared = undefined;
    },
    unwatch(db: Kysely<Database>) {
      if (sources?.db === db) sources = undefined;
    },
  };
}
