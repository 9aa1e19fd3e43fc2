import { describe, expect, it } from 'vitest';
import { isNewSince, readNewSince, toUnixSeconds, withNewSince } from './new-ads-marker';

describe('toUnixSeconds', () => {
  it('reads seconds, milliseconds and ISO texts alike', () => {
    expect(toUnixSeconds(1_736_931_600)).toBe(1_736_931_600);
    expect(toUnixSeconds(1_736_931_600_123)).toBe(1_736_931_600);
    expect(toUnixSeconds('1736931600')).toBe(1_736_931_600);
    expect(toUnixSeconds('2025-01-15T09:00:00.000Z')).toBe(1_736_931_600);
  });

  it('gives null for anything else', () => {
    for (const junk of [null, undefined, '', 'igår', -5, Number.NaN, {}, '12abc']) {
      expect(toUnixSeconds(junk)).toBeNull();
    }
  });
});

describe('withNewSince / readNewSince', () => {
  it("adds 'nya' with '?' or '&' as the path needs", () => {
    expect(withNewSince('/jobb', '2025-01-15T09:00:00Z')).toBe('/jobb?nya=1736931600');
    expect(withNewSince('/jobb?search=l%C3%A4rare', 1_736_931_600)).toBe(
      '/jobb?search=l%C3%A4rare&nya=1736931600',
    );
    expect(withNewSince('/jobb?city=Lund#topp', 1_736_931_600)).toBe('/jobb?city=Lund&nya=1736931600#topp');
  });

  it('leaves the path as it is when the moment cannot be read', () => {
    expect(withNewSince('/jobb?city=Lund', 'okänt')).toBe('/jobb?city=Lund');
  });

  it('reads back what it wrote', () => {
    expect(readNewSince('?search=kock&nya=1736931600')).toBe(1_736_931_600);
    expect(readNewSince('search=kock')).toBeNull();
    expect(readNewSince('?nya=skräp')).toBeNull();
  });
});

describe('isNewSince', () => {
  it('is new only when first seen strictly after the moment', () => {
    expect(isNewSince(1_000_001, 1_000_000)).toBe(true);
    expect(isNewSince(1_000_000, 1_000_000)).toBe(false);
    expect(isNewSince(999_999, 1_000_000)).toBe(false);
  });

  it('nothing is new without a moment or a first-seen time', () => {
    expect(isNewSince(1_000_001, null)).toBe(false);
    expect(isNewSince(null, 1_000_000)).toBe(false);
    expect(isNewSince(undefined, 1_000_000)).toBe(false);
  });
});
