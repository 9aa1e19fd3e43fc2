import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { bearer, createUser, jobRow, type TestUser } from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The Stockholm calendar day of an instant, as YYYY-MM-DD. */
const stockholmDay = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(at);

/** The instant a Stockholm day begins (its offset is +01:00 or +02:00). */
function stockholmMidnight(day: string): Date {
  for (const offset of ['+01:00', '+02:00']) {
    const candidate = new Date(`${day}T00:00:00${offset}`);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Stockholm',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(candidate);
    if (local === `${day} 00:00`) return candidate;
  }
  throw new Error(`no Stockholm midnight found for ${day}`);
}

describe.each(testDatabaseKinds())('GET /api/admin/import-history on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await createUser(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts per Stockholm day the ads imported and the ads live at its end, oldest day first', async () => {
    const now = new Date();
    const today = stockholmDay(now);
    // The three days asked for, oldest first, each named by an instant at its noon-ish middle.
    const middles = [2, 1, 0].map(
      (back) => new Date(stockholmMidnight(today).getTime() - back * DAY + 12 * HOUR),
    );
    const days = middles.map(stockholmDay);
    const firstDayStart = stockholmMidnight(days[0]!);
    const lastDayStart = stockholmMidnight(days[1]!);

    const imports = [
      { date: now, imported: 5 },
      { date: middles[1]!, imported: 7 },
      { date: middles[1]!, imported: 1 },
      // The window's first instant counts; the instant before it and older runs do not.
      { date: firstDayStart, imported: 11 },
      { date: new Date(firstDayStart.getTime() - 1000), imported: 13 },
      { date: new Date(now.getTime() - 10 * DAY), imported: 100 },
    ];
    await t.database.db
      .insertInto('importLog')
      .values(
        imports.map(({ date, imported }) => ({ date, imported, vacancies: imported, source: 'stream' })),
      )
      .execute();
    await t.database.db
      .insertInto('jobs')
      .values([
        // Live all along.
        jobRow({ id: 'always', firstSeenAt: new Date(now.getTime() - 10 * DAY) }),
        // First seen today.
        jobRow({ id: 'new-today', firstSeenAt: now }),
        // Removed the moment the middle day began: live at the end of the first day only.
        jobRow({
          id: 'removed',
          firstSeenAt: new Date(now.getTime() - 10 * DAY),
          removedAt: lastDayStart,
        }),
      ])
      .execute();

    const response = await t.app.inject({
      url: '/api/admin/import-history?days=3',
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    const importedOn = (day: string) =>
      imports
        .filter(({ date }) => stockholmDay(date) === day)
        .reduce((sum, { imported }) => sum + imported, 0);
    expect(response.json()).toEqual([
      { day: days[0], imported: importedOn(days[0]!), liveAds: 2 },
      { day: days[1], imported: importedOn(days[1]!), liveAds: 1 },
      { day: days[2], imported: importedOn(days[2]!), liveAds: 2 },
    ]);
    // What the window leaves out really was stored: the test would pass for the wrong reason otherwise.
    expect(importedOn(days[0]!)).toBeGreaterThanOrEqual(11);
    expect(stockholmDay(new Date(firstDayStart.getTime() - 1000))).not.toBe(days[0]);
  });

  it('answers every day of the window, with zeros before anything was imported', async () => {
    const response = await t.app.inject({
      url: '/api/admin/import-history?days=30',
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    const history = response.json<{ day: string; imported: number; liveAds: number }[]>();
    expect(history).toHaveLength(30);
    expect(history.at(-1)?.day).toBe(stockholmDay(new Date()));
    expect(history[0]).toEqual({ day: history[0]!.day, imported: 0, liveAds: 0 });
  });
});
