import { describe, expect, it } from 'vitest';
import { ADMIN_LINKS, isCurrentAdminPage, loginPathFor } from './admin-nav';

describe('admin menu', () => {
  it('has the five entries of the spec, then the reported ads, in order', () => {
    expect(ADMIN_LINKS.map((link) => link.label)).toEqual([
      'Översikt',
      'Design',
      'Texter',
      'Import',
      'Banner',
      'Anmälda annonser',
    ]);
  });

  it('marks exactly one entry as current', () => {
    const current = (path: string) => ADMIN_LINKS.filter((link) => isCurrentAdminPage(link.href, path));
    expect(current('/admin').map((link) => link.label)).toEqual(['Översikt']);
    expect(current('/admin/').map((link) => link.label)).toEqual(['Översikt']);
    expect(current('/admin/import').map((link) => link.label)).toEqual(['Import']);
    expect(current('/admin/anmalningar').map((link) => link.label)).toEqual(['Anmälda annonser']);
    expect(current('/admin/okand')).toEqual([]);
  });
});

describe('loginPathFor', () => {
  it('passes the admin path along', () => {
    expect(loginPathFor('/admin/import')).toBe('/login?next=%2Fadmin%2Fimport');
    expect(loginPathFor('/admin')).toBe('/login?next=%2Fadmin');
  });

  it('never passes anything but an admin path', () => {
    expect(loginPathFor('//evil.example')).toBe('/login?next=%2Fadmin');
  });
});
