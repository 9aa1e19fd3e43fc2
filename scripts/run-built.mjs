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
// The server renders mail with React, whose development build is about 2.5 times slower; the
// container sets the same (Dockerfile). NODE_ENV=development still wins when set.
process.env.NODE_ENV ??= 'production';
process.argv = [process.argv[0], path.resolve(file), ...args];
await import(pathToFileURL(path.resolve(file)).href);
