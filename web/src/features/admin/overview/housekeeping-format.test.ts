import { describe, expect, it } from 'vitest';
import { housekeepingLabel, housekeepingLine } from './housekeeping-format';

describe('housekeepingLine', () => {
  it("reads 'N rader borttagna (sparas i D dagar)', in the singular for one", () => {
    expect(housekeepingLine({ kind: 'importLog', days: 90, deleted: 1234 })).toBe(
      '1\u00a0234 rader borttagna (sparas i 90 dagar)',
    );
    expect(housekeepingLine({ kind: 'closedAds', days: 1, deleted: 1 })).toBe(
      '1 rad borttagen (sparas i 1 dag)',
    );
    expect(housekeepingLine({ kind: 'mailFiles', days: 31, deleted: 0 })).toBe(
      '0 filer borttagna (sparas i 31 dagar)',
    );
    expect(housekeepingLine({ kind: 'closedAdPayloads', days: 30, deleted: 1 })).toBe(
      '1 annons rensad (sparas i 30 dagar)',
    );
  });

  it('before any run: only the period', () => {
    expect(housekeepingLine({ kind: 'mails', days: 31, deleted: null })).toBe(
      'Inget borttaget ännu (sparas i 31 dagar)',
    );
  });

  it('names every kind in Swedish', () => {
    expect(housekeepingLabel('importLog')).toBe('Importlogg');
    expect(housekeepingLabel('resolvedReports')).toBe('Hanterade anmälningar');
  });
});
