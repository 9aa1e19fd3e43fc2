import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, DataDirLockedError, migrateToLatest } from '@jobbportalen/storage';
import { createOrPromoteAdmin, DEFAULT_ADMIN_NAME } from '../features/admin-access/admin-access.service.js';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../features/auth/auth.schemas.js';
import { isStrongPassword } from '../features/auth/password-strength.js';

export const USAGE = `Usage: npm run admin:create -- --email <e-mail> --password <password> [--name <name>] [--reset-password]

Creates an admin account, or promotes the existing user with that e-mail to admin.
An existing user's password is kept unless --reset-password is given.
The password may also come from the ADMIN_PASSWORD environment variable (keeps it out of shell history).
Uses DATABASE_URL, else the embedded database in DATA_DIR (default ./data; stop \`npm start\` first).`;

type Env = Record<string, string | undefined>;
type Print = (line: string) => void;

// An admin's password follows the rule every account's does (register): long enough and hard
// to guess, also given the e-mail, the name and the site's name.
function problemsWith(email: string, password: string, name: string, siteName: string | undefined): string[] {
  const problems: string[] = [];
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > EMAIL_MAX)
    problems.push('--email must be an e-mail address');
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    problems.push(`--password must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters long`);
  else if (!isStrongPassword(password, { email, name, siteName }))
    problems.push(
      '--password is too easy to guess (a common password, or built from the e-mail, the name or the site name): choose a longer or less common one',
    );
  if (name.length < 1 || name.length > NAME_MAX)
    problems.push(`--name must be 1–${NAME_MAX} characters long`);
  return problems;
}

/** `npm run admin:create`; returns the exit code so a test can run it in-process. */
export async function runCreateAdmin(
  argv: string[],
  env: Env = process.env,
  print: Print = console.log,
  printError: Print = console.error,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        'reset-password': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    printError(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    print(USAGE);
    return 0;
  }
  const email = (values.email ?? '').trim().toLowerCase();
  const password = values.password ?? env.ADMIN_PASSWORD ?? '';
  const name = (values.name ?? DEFAULT_ADMIN_NAME).trim();
  const problems = problemsWith(email, password, name, env.SITE_NAME?.trim() || undefined);
  if (problems.length > 0) {
    printError(`${problems.map((problem) => `  - ${problem}`).join('\n')}\n\n${USAGE}`);
    return 2;
  }

  let database;
  try {
    database = await createDatabase({
      databaseUrl: env.DATABASE_URL?.trim() || undefined,
      dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      printError(`${error.message}\nOr set ADMIN_EMAIL and ADMIN_PASSWORD and restart the portal instead.`);
      return 1;
    }
    throw error;
  }
  try {
    await migrateToLatest(database.db);
    const result = await createOrPromoteAdmin(database.db, {
      email,
      password,
      name,
      resetPassword: values['reset-password'],
    });
    const done = {
      created: `Created admin account ${email}.`,
      promoted: `Promoted ${email} to admin.`,
      'already-admin': `${email} is already an admin.`,
    }[result.outcome];
    const passwordNote =
      result.outcome === 'created'
        ? ''
        : result.passwordChanged
          ? ' The password was reset.'
          : ' The password was not changed (use --reset-password to change it).';
    print(done + passwordNote);
    return 0;
  } finally {
    await database.close();
  }
}
