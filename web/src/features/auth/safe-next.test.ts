import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

const origin = 'https://jobbportalen.se';
const next = (value: string | null) => safeNextPath(value, origin, '/dashboard');

describe('safeNextPath', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(next('/admin')).toBe('/admin');
    expect(next('/admin/import?x=1#y')).toBe('/admin/import?x=1#y');
  });

  it('falls back when there is no next', () => {
    expect(next(null)).toBe('/dashboard');
    expect(next('')).toBe('/dashboard');
  });

  it('never leaves the site', () => {
    expect(next('https://evil.example/admin')).toBe('/dashboard');
    expect(next('//evil.example/admin')).toBe('/dashboard');
    expect(next('/\\evil.example')).toBe('/dashboard');
    expect(next('javascript:alert(1)')).toBe('/dashboard');
    expect(next('admin')).toBe('/dashboard');
  });

  it.each([
    '/.//evil.example/',
    '/a/..//x',
    '/./\\x',
    '/\\/evil.example',
    '/.\\/evil.example',
    '/%2e//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/../..//evil.example',
  ])('never returns a path the browser reads as another host: %j', (value) => {
    const result = next(value);
    expect(result.startsWith('//')).toBe(false);
    expect(new URL(result, origin).origin).toBe(origin);
  });

  it('keeps a same-origin path that merely contains dot segments, normalised', () => {
    expect(next('/a/../admin')).toBe('/admin');
    expect(next('/./jobb?search=a//b')).toBe('/jobb?search=a//b');
  });
});
