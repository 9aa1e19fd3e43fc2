import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret kept in the data directory, creating it on first use. The embedded default
 * needs a Meilisearch master key and a JWT secret that survive restarts without anyone having
 * to configure them — and without a hard-coded default that every installation would share.
 */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  const file = path.join(dataDir, 'secrets', name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 16) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
