import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own ESLint config, run on snippets at made-up paths inside the workspaces:
// the boundaries it draws are what keep features, workspaces and SQL where they belong.
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: `${repoRoot}eslint.config.js` });

/** The rule ids ESLint reports for `code` as the file at `path` (relative to the repository). */
async function ruleIdsFor(path: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${path}` });
  return result!.messages.map((message) => message.ruleId);
}

describe('cross-feature imports', () => {
  it('rejects a server feature importing another feature', async () => {
    const code =
      "import { findUserById } from '../auth/auth.service.js';\nexport const find = findUserById;\n";
    expect(await ruleIdsFor('server/src/features/candidate/x.ts', code)).toEqual(['boundaries/dependencies']);
  });

  it('rejects a web feature importing another feature, from a nested folder too', async () => {
    const code = "import { ChartPanel } from '../../jobs/jobs-page';\nexport const Panel = ChartPanel;\n";
    expect(await ruleIdsFor('web/src/features/admin/overview/x.tsx', code)).toEqual([
      'boundaries/dependencies',
    ]);
  });

  it('allows a feature its own files and the shared folders', async () => {
    const server = [
      "import { toApiJob } from '../../http/job-response.js';",
      "import { findUserById } from '../../accounts/users.repository.js';",
      "import { saveJob } from './candidate.service.js';",
      'export const all = [toApiJob, findUserById, saveJob];',
    ].join('\n');
    expect(await ruleIdsFor('server/src/features/candidate/x.ts', `${server}\n`)).toEqual([]);
    const web = [
      "import { jobsHref } from '../../lib/jobs-url-state';",
      "import { JobCard } from '../../components/job-card';",
      "import { StreamFacts } from '../overview/stream-facts';",
      'export const all = [jobsHref, JobCard, StreamFacts];',
    ].join('\n');
    expect(await ruleIdsFor('web/src/features/admin/import/x.tsx', `${web}\n`)).toEqual([]);
  });
});

describe('imports into another workspace', () => {
  it.each([
    "import { readFeedState } from '@jobbportalen/indexer/repositories/feed-state.repository.js';",
    "import { createDatabase } from '@jobbportalen/storage/db/create-database.js';",
    "import { createDatabase } from '../../../storage/src/db/create-database.js';",
    "import { buildTestApp } from '../../../../test-support/src/app.js';",
  ])('rejects %s', async (line) => {
    expect(
      await ruleIdsFor('server/src/features/jobs/x.ts', `${line}\nexport const x = [${name(line)}];\n`),
    ).toEqual(['no-restricted-imports']);
  });

  it.each([
    "import { createDatabase } from '@jobbportalen/storage';",
    "import { matchRequestSchema } from '@jobbportalen/contracts/api/match';",
    "import { MUNICIPALITIES } from '@jobbportalen/lexicon/taxonomy';",
    "import { buildTestApp } from '@jobbportalen/test-support/app';",
  ])('allows %s', async (line) => {
    expect(
      await ruleIdsFor('server/src/features/jobs/x.ts', `${line}\nexport const x = [${name(line)}];\n`),
    ).toEqual([]);
  });
});

describe('SQL outside repository modules', () => {
  it.each([
    "export const find = (db: Db) => db.selectFrom('jobs').selectAll().execute();",
    "export const drop = (db: Db) => db.deleteFrom('users').execute();",
    'export const now = sql`select now()`;',
    "export const count = (client: Db) => client.query('select count(*) from jobs');",
  ])('rejects %s in a service', async (line) => {
    const code = `import { sql } from 'kysely';\ntype Db = any;\n${line}\nexport const keep = sql;\n`;
    const ids = await ruleIdsFor('server/src/features/jobs/jobs.service.ts', code);
    expect(ids).toContain('no-restricted-syntax');
  });

  it.each([
    'server/src/features/jobs/jobs.repository.ts',
    'storage/src/repositories/jobs.repository.ts',
    'indexer/src/repositories/import-log.repository.ts',
    'storage/src/migrations/0009-example.ts',
    'server/src/features/jobs/jobs.list.test.ts',
  ])('allows it in %s', async (path) => {
    const code = "export const find = (db: any) => db.selectFrom('jobs').selectAll().execute();\n";
    expect(await ruleIdsFor(path, code)).not.toContain('no-restricted-syntax');
  });
});

/** The imported name of a one-name import line, so the snippet uses what it imports. */
function name(line: string): string {
  return /import \{ (\w+) \}/.exec(line)![1]!;
}
