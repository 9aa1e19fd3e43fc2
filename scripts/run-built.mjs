// Runs a script of the project after making sure the workspaces are built:
//   node scripts/run-built.mjs <file> [args…]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/run-built.mjs <file> [args…]');
  process.exit(2);
}
buildIfNeeded();
process.argv = [process.argv[0], path.resolve(file), ...args];
await import(pathToFileURL(path.resolve(file)).href);
