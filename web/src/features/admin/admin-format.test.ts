import { describe, expect, it } from 'vitest';
import {
  daySeconds,
  figure,
  formatDateTime,
  importHistorySummary,
  longDay,
  pageViewsSummary,
  progressText,
  readJobStats,
  shortDay,
  sourceLabel,
} from './admin-format';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('admin formatting', () => {
  it('writes times in Swedish, in Swedish time', () => {
    expect(formatDateTime('2026-05-24T12:05:00Z')).toBe('24 maj 2026 14:05');
    expect(formatDateTime('2026-01-02T23:30:00Z')).toBe('3 jan. 2026 00:30');
  });

  it('shows a dash for missing figures and times', () => {
    expect(formatDateTime(null)).toBe('–');
    expect(formatDateTime('trasig')).toBe('–');
    expect(figure(null)).toBe('–');
    expect(figure(undefined)).toBe('–');
    expect(plain(figure(12345))).toBe('12 345');
    expect(figure(0)).toBe('0');
  });

  it('reads either name of the job statistics', () => {
    expect(readJobStats({ totalAds: 5, totalVacancies: 9 })).toEqual({ ads: 5, vacancies: 9 });
    expect(readJobStats({ count: 4, vacancies: 7 })).toEqual({ ads: 4, vacancies: 7 });
    expect(readJobStats(null)).toEqual({ ads: null, vacancies: null });
  });

  it('names the import sources in Swedish', () => {
    expect(sourceLabel('snapshot')).toBe('Fullständig import');
    expect(sourceLabel('stream')).toBe('Ström');
    expect(sourceLabel('annat')).toBe('annat');
  });

  it('writes progress as N av M annonser', () => {
    expect(plain(progressText(1200, 3000))).toBe('1 200 av 3 000 annonser');
    expect(progressText(12, null)).toBe('12 annonser');
  });

  it('turns days into UTC midnights and back', () => {
    expect(daySeconds('2026-05-24')).toBe(Date.UTC(2026, 4, 24) / 1000);
    expect(daySeconds('24/5')).toBeNaN();
    expect(shortDay(daySeconds('2026-05-24'))).toBe('24 maj');
    expect(longDay('2026-05-24')).toBe('24 maj 2026');
  });

  it('summarises the charts for screen readers', () => {
    const history = [
      { day: '2026-05-23', imported: 10, liveAds: 100 },
      { day: '2026-05-24', imported: 30, liveAds: 120 },
    ];
    expect(importHistorySummary(history)).toBe(
      'Diagram över de senaste 2 dagarna: totalt 40 importerade annonser, flest 24 maj 2026 (30). Aktuella annonser 24 maj 2026: 120.',
    );
    expect(pageViewsSummary([{ day: '2026-05-24', views: 7 }])).toBe(
      'Diagram över sidvisningar de senaste 1 dagarna: totalt 7, flest 24 maj 2026 (7).',
    );
    expect(importHistorySummary([])).toMatch(/inga data/);
  });
});
