import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './safe-url';

describe('safeExternalUrl', () => {
  it('keeps http and https addresses', () => {
    expect(safeExternalUrl('https://example.se/jobb/1?a=b')).toBe('https://example.se/jobb/1?a=b');
    expect(safeExternalUrl(' http://example.se ')).toBe('http://example.se/');
  });

  it('drops script, data, mail and broken addresses', () => {
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,hej')).toBeNull();
    expect(safeExternalUrl('mailto:jobb@example.se')).toBeNull();
    expect(safeExternalUrl('www.example.se')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
