import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type DatabaseHandle } from '@jobbportalen/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail } from '@jobbportalen/test-support/auth';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@jobbportalen/test-support/databases';
import { registerUser } from '../features/auth/auth.service.js';
import { verifyPassword } from '../accounts/password.js';
import { runCreateAdmin } from './create-admin.command.js';

describe.each(testDatabaseKinds())('npm run admin:create on %s', (kind) => {
  let dataDir: string;
  let server: TestDatabase | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-admin-cli-'));
    server = kind === 'postgres' ? await openTestDatabase('postgres', { migrate: false }) : undefined;
    env = server ? { DATABASE_URL: server.url! } : { DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs the command in-process, collecting what it prints. */
  async function run(args: string[], extraEnv: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCreateAdmin(
      args,
      { ...env, ...extraEnv },
      (line) => out.push(line),
      (line) => err.push(line),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  /** Opens the same database the command used (after it has closed it: PGlite allows one owner). */
  async function withDatabase<T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
    const handle = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }
  const userRow = (email: string) =>
    withDatabase((db) =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow(),
    );

  it('creates an admin on a fresh database (migrating it first)', async () => {
    const email = uniqueEmail('cli');
    const result = await run([
      '--email',
      email.toUpperCase(),
      '--password',
      'cli-lösen-123',
      '--name',
      'Ada Admin',
    ]);
    expect(result).toMatchObject({ code: 0, out: `Created admin account ${email}.` });
    const row = await userRow(email);
    expect(row).toMatchObject({ role: 'admin', name: 'Ada Admin' });
    expect(await verifyPassword(row.passwordHash, 'cli-lösen-123')).toBe(true);
  });

  it('promotes an existing user and keeps the password unless --reset-password is given', async () => {
    const email = uniqueEmail('cand');
    await withDatabase((db) => registerUser(db, { name: 'Carl', email, password: 'carls-lösen' }));
    const promoted = await run(['--email', email, '--password', 'annat-lösen-1']);
    expect(promoted.code).toBe(0);
    expect(promoted.out).toMatch(/Promoted .* to admin\. The password was not changed/);
    let row = await userRow(email);
    expect(row.role).toBe('admin');
    expect(await verifyPassword(row.passwordHash, 'carls-lösen')).toBe(true);

    const reset = await run(['--email', email, '--reset-password'], { ADMIN_PASSWORD: 'från-miljön-1' });
    expect(reset.code).toBe(0);
    expect(reset.out).toMatch(/already an admin\. The password was reset\./);
    row = await userRow(email);
    expect(await verifyPassword(row.passwordHash, 'från-miljön-1')).toBe(true);
  });

  it.each([
    [[], /--email must be an e-mail address/],
    [['--email', 'inte-en-adress', '--password', STRONG_PASSWORD], /--email must be/],
    [['--email', 'a@example.se', '--password', 'kort'], /--password must be 8–128/],
    [['--email', 'a@example.se', '--password', 'lösenord-123'], /--password is too easy to guess/],
    [['--email', 'a@example.se', '--password', 'byt-detta-lösenord'], /--password is too easy to guess/],
    [['--email', 'malin.bergsten@example.se', '--password', 'Bergsten1987'], /--password is too easy/],
    [['--email', 'a@example.se', '--password', STRONG_PASSWORD, '--name', ' '], /--name must be/],
    [['--email', 'a@example.se', '--unknown'], /Unknown option/],
  ])('refuses %j with exit code 2 and the usage', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.err).toMatch(/Usage: npm run admin:create/);
  });

  it('prints the usage for --help', async () => {
    expect(await run(['--help'])).toMatchObject({ code: 0, out: expect.stringMatching(/--reset-password/) });
  });
});

describe('npm run admin:create while the portal holds the embedded database', () => {
  it('explains instead of corrupting it, with exit code 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-admin-cli-lock-'));
    // The lock is per process, so the holder must be another live process, as `npm start` would be.
    const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    fs.writeFileSync(path.join(dataDir, 'jobbportalen.lock'), `${holder.pid}\n`);
    try {
      const err: string[] = [];
      const code = await runCreateAdmin(
        ['--email', 'a@example.se', '--password', STRONG_PASSWORD],
        { DATA_DIR: dataDir },
        () => undefined,
        (line) => err.push(line),
      );
      expect(code).toBe(1);
      expect(err.join('\n')).toMatch(/in use by another process[\s\S]*ADMIN_EMAIL and ADMIN_PASSWORD/);
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      holder.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
