import { createDatabase, type DatabaseHandle } from '@jobbportalen/storage';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusiveAlertRun, registerMailWaker, wakeMailSenders } from './run-coordination.js';

/** A run that holds the lock until released. */
function heldRun(database: DatabaseHandle, log: string[], name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const done = exclusiveAlertRun(database, 'skip', async () => {
    log.push(`${name} start`);
    started();
    await released;
    log.push(`${name} end`);
    return name;
  });
  return { running, release, done };
}

describe.each(testDatabaseKinds())('one alert run at a time, on %s', (kind) => {
  let database: TestDatabase;
  /** A second handle on the same database: another process, as far as PostgreSQL can tell. */
  let other: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    other = database.url ? await createDatabase({ dataDir: '', databaseUrl: database.url }) : database;
  });
  afterAll(async () => {
    if (other !== database) await other.close();
    await database.close();
  });

  it('skips a scheduled run while one is under way, and makes an admin run wait for it', async () => {
    const log: string[] = [];
    const first = heldRun(database, log, 'scheduled');
    await first.running;
    for (const handle of [database, other]) {
      expect(await exclusiveAlertRun(handle, 'skip', async () => log.push('skipped ran'))).toBeUndefined();
    }
    const admin = exclusiveAlertRun(other, 'wait', async () => {
      log.push('admin');
      return 'admin result';
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(log).toEqual(['scheduled start']);
    first.release();
    expect(await first.done).toBe('scheduled');
    expect(await admin).toBe('admin result');
    expect(log).toEqual(['scheduled start', 'scheduled end', 'admin']);
    // Free again.
    expect(await exclusiveAlertRun(database, 'skip', async () => 'next')).toBe('next');
  });

  it('lets the next run go after a run that failed', async () => {
    await expect(
      exclusiveAlertRun(database, 'wait', async () => {
        throw new Error('search engine down');
      }),
    ).rejects.toThrow('search engine down');
    expect(await exclusiveAlertRun(database, 'skip', async () => 'after')).toBe('after');
  });
});

describe('mail senders woken by a run', () => {
  it('wakes the senders registered for that database only', () => {
    const [a, b] = [{}, {}];
    const woken: string[] = [];
    const unregister = registerMailWaker(a, () => woken.push('a'));
    registerMailWaker(b, () => woken.push('b'));
    wakeMailSenders(a);
    unregister();
    wakeMailSenders(a);
    expect(woken).toEqual(['a']);
  });
});
