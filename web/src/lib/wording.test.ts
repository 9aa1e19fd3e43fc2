import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WORDING_RULES } from './wording';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * What the scan skips: the word list itself (it names the forms to avoid), and the match
 * feature's fixtures, seekers' CVs as they wrote them — not our wording.
 */
const NOT_OUR_WORDING = [
  path.join('web', 'src', 'lib', 'wording.ts'),
  path.join('server', 'src', 'features', 'match', 'fixtures'),
];

/** The source files whose strings a visitor, a seeker or an admin reads (tests excluded). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (NOT_OUR_WORDING.includes(relative)) return [];
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Every line where a rule's avoided form occurs, as 'file:line: text'. */
function findings(files: readonly string[], avoid: RegExp): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(repoRoot, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (avoid.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('one Swedish style (lib/wording)', () => {
  const files = [...sourceFiles(path.join('web', 'src')), ...sourceFiles(path.join('server', 'src'))];

  it('scans the UI and the server’s user-facing texts', () => {
    expect(files).toContain(path.join('web', 'src', 'features', 'auth', 'login-page.tsx'));
    expect(files).toContain(path.join('server', 'src', 'mail', 'mail-wording.ts'));
  });

  it.each(WORDING_RULES.map((rule) => [rule.write, rule.avoid] as const))('writes %s', (_write, avoid) => {
    expect(findings(files, avoid)).toEqual([]);
  });

  it('tells the words apart', () => {
    const [mail, yet] = WORDING_RULES.map((rule) => rule.avoid);
    expect(mail!.test('Vi har skickat ett mejl')).toBe(true);
    expect(mail!.test('Mejlkön')).toBe(true);
    expect(mail!.test('Vi har skickat ett e-postmeddelande')).toBe(false);
    expect(yet!.test('Inget konto än?')).toBe(true);
    expect(yet!.test('Du har inga bevakningar än.')).toBe(true);
    expect(yet!.test('Inget konto ännu?')).toBe(false);
    expect(yet!.test('Ett exempel säger mer än tre adjektiv.')).toBe(false);
    expect(yet!.test('Hänt.')).toBe(false);
  });
});
