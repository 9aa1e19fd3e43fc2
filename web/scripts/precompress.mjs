// Writes a .br and a .gz copy next to every text asset in dist/ after `vite build`, so the server
// (@fastify/static with preCompressed) sends the smallest encoding the browser accepts without
// compressing anything per request. Files that do not get smaller are left alone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024; // below one packet compression saves nothing worth a second file

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let written = 0;
for (const file of files(dist)) {
  const source = fs.readFileSync(file);
  if (source.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gzip = zlib.gzipSync(source, { level: 9 });
  for (const [suffix, compressed] of [
    ['.br', brotli],
    ['.gz', gzip],
  ]) {
    if (compressed.length >= source.length) continue;
    fs.writeFileSync(`${file}${suffix}`, compressed);
    written++;
  }
}
console.log(`precompressed: ${written} files written`);
