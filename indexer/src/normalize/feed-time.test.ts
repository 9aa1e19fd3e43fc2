import { describe, expect, it } from 'vitest';
import { parseFeedDate, parseFeedTimestamp } from './feed-time.js';

const iso = (value: unknown, endOfDay = false) =>
  parseFeedDate(value, { dateOnlyAsEndOfDay: endOfDay })?.toISOString() ?? null;

describe('parseFeedDate', () => {
  it('reads zone-less times as Stockholm time: +1 h in winter, +2 h in summer', () => {
    expect(iso('2024-01-15T12:00:00')).toBe('2024-01-15T11:00:00.000Z');
    expect(iso('2024-07-01T12:00:00')).toBe('2024-07-01T10:00:00.000Z');
    expect(iso('2024-05-08T23:59:59')).toBe('2024-05-08T21:59:59.000Z');
  });

  it('switches offset exactly at the spring change and moves a time in the gap forward', () => {
    expect(iso('2024-03-31T01:59:59')).toBe('2024-03-31T00:59:59.000Z');
    expect(iso('2024-03-31T03:00:00')).toBe('2024-03-31T01:00:00.000Z');
    // 02:30 never happened that night; clocks read 03:30 at the instant it would have been.
    expect(iso('2024-03-31T02:30:00')).toBe('2024-03-31T01:30:00.000Z');
  });

  it('takes the earlier instant in the autumn hour that occurs twice', () => {
    expect(iso('2024-10-27T01:59:59')).toBe('2024-10-26T23:59:59.000Z');
    expect(iso('2024-10-27T02:30:00')).toBe('2024-10-27T00:30:00.000Z');
    expect(iso('2024-10-27T03:00:00')).toBe('2024-10-27T02:00:00.000Z');
  });

  it('respects an explicit zone and keeps fractions of a second', () => {
    expect(iso('2024-05-08T23:59:59Z')).toBe('2024-05-08T23:59:59.000Z');
    expect(iso('2024-05-08T23:59:59+02:00')).toBe('2024-05-08T21:59:59.000Z');
    expect(iso('2024-01-08T10:00:00.123-0130')).toBe('2024-01-08T11:30:00.123Z');
    expect(iso('2024-07-01 08:15:00')).toBe('2024-07-01T06:15:00.000Z');
  });

  it('reads a bare date as the start of the day, or its end for deadlines', () => {
    expect(iso('2024-06-30')).toBe('2024-06-29T22:00:00.000Z');
    expect(iso('2024-06-30', true)).toBe('2024-06-30T21:59:59.000Z');
    expect(iso('2024-12-31', true)).toBe('2024-12-31T22:59:59.000Z');
  });

  it('gives null for anything that is not a real date', () => {
    for (const value of [
      null,
      undefined,
      '',
      'imorgon',
      '2024-02-30T10:00:00',
      '2024-13-01',
      '2024-05-08T24:00:00',
      {},
      [],
    ]) {
      expect(parseFeedDate(value)).toBeNull();
    }
  });
});

describe('parseFeedTimestamp', () => {
  it('reads the epoch milliseconds the real feed sends', () => {
    expect(parseFeedTimestamp(1713965113220)?.toISOString()).toBe('2024-04-24T13:25:13.220Z');
    expect(parseFeedTimestamp('1713965113220')?.toISOString()).toBe('2024-04-24T13:25:13.220Z');
  });

  it('also accepts epoch seconds and ISO strings', () => {
    expect(parseFeedTimestamp(1713965113)?.toISOString()).toBe('2024-04-24T13:25:13.000Z');
    expect(parseFeedTimestamp('2024-04-24T15:25:13')?.toISOString()).toBe('2024-04-24T13:25:13.000Z');
  });

  it('gives null for missing, negative or non-numeric values', () => {
    for (const value of [null, undefined, 0, -5, Number.NaN, Infinity, 'abc', true]) {
      expect(parseFeedTimestamp(value)).toBeNull();
    }
  });
});
