// `npm run admin:create -- --email … --password … [--name …] [--reset-password]`
import { runCreateAdmin } from './create-admin.command.js';

process.exitCode = await runCreateAdmin(process.argv.slice(2));
