import { describe, expect, it } from 'vitest';
import { snapshotUrl, streamUrl } from './feed-urls.js';

const base = 'https://jobstream.api.jobtechdev.se';

describe('feed URLs', () => {
  it('puts the v2 endpoints under /v2 and ignores a trailing slash on the base', () => {
    expect(snapshotUrl(base, 'v1')).toBe(`${base}/snapshot`);
    expect(snapshotUrl(`${base}/`, 'v2')).toBe(`${base}/v2/snapshot`);
    expect(snapshotUrl('http://127.0.0.1:9999/feed/', 'v1')).toBe('http://127.0.0.1:9999/feed/snapshot');
  });

  it('names the window bounds per version, in Stockholm local time', () => {
    const after = new Date('2025-03-30T00:30:00Z'); // 01:30 CET
    const before = new Date('2025-03-30T01:30:00Z'); // 03:30 CEST
    const v1 = new URL(streamUrl(base, 'v1', after, before));
    expect(v1.pathname).toBe('/stream');
    expect([...v1.searchParams]).toEqual([
      ['date', '2025-03-30T01:30:00'],
      ['updated-before-date', '2025-03-30T03:30:00'],
    ]);
    const v2 = new URL(streamUrl(base, 'v2', after, before));
    expect(v2.pathname).toBe('/v2/stream');
    expect([...v2.searchParams]).toEqual([
      ['updated-after', '2025-03-30T01:30:00'],
      ['updated-before', '2025-03-30T03:30:00'],
    ]);
  });
});
