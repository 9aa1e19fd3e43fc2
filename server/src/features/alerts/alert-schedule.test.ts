import { describe, expect, it } from 'vitest';
import { latestDailyMoment, latestWeeklyMoment, stockholmIsoWeek } from './alert-schedule.js';

const at = (iso: string) => new Date(iso);

describe('the daily moment (Stockholm wall-clock time)', () => {
  it('is 07:00 CET in winter and 07:00 CEST in summer', () => {
    expect(latestDailyMoment(at('2026-01-15T06:30:00Z'), '07:00').toISOString()).toBe(
      '2026-01-15T06:00:00.000Z',
    );
    expect(latestDailyMoment(at('2026-07-01T05:00:00Z'), '07:00').toISOString()).toBe(
      '2026-07-01T05:00:00.000Z',
    );
  });

  it('is yesterday’s until today’s has come', () => {
    expect(latestDailyMoment(at('2026-01-15T05:59:59Z'), '07:00').toISOString()).toBe(
      '2026-01-14T06:00:00.000Z',
    );
    expect(latestDailyMoment(at('2026-07-01T04:30:00Z'), '07:00').toISOString()).toBe(
      '2026-06-30T05:00:00.000Z',
    );
  });

  it('follows the changes of summer time on the day they happen', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST; 25 October: 03:00 CEST becomes 02:00 CET.
    expect(latestDailyMoment(at('2026-03-29T05:30:00Z'), '07:00').toISOString()).toBe(
      '2026-03-29T05:00:00.000Z',
    );
    expect(latestDailyMoment(at('2026-03-29T04:30:00Z'), '07:00').toISOString()).toBe(
      '2026-03-28T06:00:00.000Z',
    );
    expect(latestDailyMoment(at('2026-10-25T06:30:00Z'), '07:00').toISOString()).toBe(
      '2026-10-25T06:00:00.000Z',
    );
    expect(latestDailyMoment(at('2026-10-25T05:30:00Z'), '07:00').toISOString()).toBe(
      '2026-10-24T05:00:00.000Z',
    );
    // A time the spring change skips comes an hour later (03:30 CEST).
    expect(latestDailyMoment(at('2026-03-29T12:00:00Z'), '02:30').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // A time the autumn change repeats is taken the second time (02:30 CET), so during the first
    // 02:30 (CEST) yesterday's moment is still the latest.
    expect(latestDailyMoment(at('2026-10-25T12:00:00Z'), '02:30').toISOString()).toBe(
      '2026-10-25T01:30:00.000Z',
    );
    expect(latestDailyMoment(at('2026-10-25T01:00:00Z'), '02:30').toISOString()).toBe(
      '2026-10-24T00:30:00.000Z',
    );
  });
});

describe('the weekly moment', () => {
  it('is the latest Monday at the daily time', () => {
    // 14 January 2026 is a Wednesday.
    expect(latestWeeklyMoment(at('2026-01-14T12:00:00Z'), '07:00').toISOString()).toBe(
      '2026-01-12T06:00:00.000Z',
    );
    expect(latestWeeklyMoment(at('2026-01-12T06:00:00Z'), '07:00').toISOString()).toBe(
      '2026-01-12T06:00:00.000Z',
    );
    expect(latestWeeklyMoment(at('2026-01-12T05:59:00Z'), '07:00').toISOString()).toBe(
      '2026-01-05T06:00:00.000Z',
    );
    // Sunday evening UTC is already Monday in Stockholm.
    expect(latestWeeklyMoment(at('2026-01-18T23:30:00Z'), '00:15').toISOString()).toBe(
      '2026-01-18T23:15:00.000Z',
    );
  });

  it('names its ISO week as Stockholm counts it', () => {
    expect(stockholmIsoWeek(at('2026-01-01T12:00:00Z'))).toBe('2026-W01');
    expect(stockholmIsoWeek(at('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(stockholmIsoWeek(at('2024-12-30T12:00:00Z'))).toBe('2025-W01');
    expect(stockholmIsoWeek(at('2026-01-11T23:30:00Z'))).toBe('2026-W03');
  });
});
