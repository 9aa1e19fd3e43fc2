// `npm run restore -- <file>`
import { runRestore } from './restore.command.js';

process.exitCode = await runRestore(process.argv.slice(2));
