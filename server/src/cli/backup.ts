// `npm run backup -- <file>` or `npm run backup -- --dir <directory> [--keep <n>]`
import { runBackup } from './backup.command.js';

process.exitCode = await runBackup(process.argv.slice(2));
