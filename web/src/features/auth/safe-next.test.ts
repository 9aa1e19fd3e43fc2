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
});
