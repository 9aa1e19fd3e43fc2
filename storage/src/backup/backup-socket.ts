// While the portal runs on the embedded PGlite, its process alone may open the data directory
// (data-dir-lock.ts), so `npm run backup` asks that process for the backup over a Unix socket.
// The socket lives in a directory only the data directory's owner can enter (mode 0700): no
// network route exists for it, and nobody else on the machine can connect.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { writeBackup, type BackupSource } from './dump-database.js';

const REQUEST = 'backup';
/** Unix socket paths are limited to about 107 bytes; longer data directories get no socket. */
const MAX_SOCKET_PATH = 100;

export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'run', 'backup.sock');
}

export interface BackupSocketLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BackupSocket {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * Answers backup requests on `<dataDir>/run/backup.sock` until closed. Only for the process that
 * holds the data directory's lock (it removes a socket file left by a process that died).
 */
export async function serveBackupRequests(
  source: BackupSource & { dataDir: string },
  logger: BackupSocketLogger,
): Promise<BackupSocket | null> {
  const socketPath = backupSocketPath(source.dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    logger.warn(
      { socketPath },
      'data directory path too long for the backup socket; stop the portal to back up',
    );
    return null;
  }
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    const lines = readline.createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      if (line.trim() !== REQUEST) {
        socket.destroy();
        return;
      }
      const started = Date.now();
      writeBackup(source, socket).then(
        (tables) =>
          logger.info(
            { tables: tables.length, ms: Date.now() - started },
            'backup written to the backup socket',
          ),
        (error: unknown) => {
          logger.error({ err: error }, 'backup on request failed');
          socket.destroy();
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Asks the portal running on `dataDir` for a backup and writes it to `destination()` (opened once
 * the portal answers). Resolves to
 * false when no portal answers there (none runs, or it runs without the socket).
 */
export async function requestBackupFromPortal(
  dataDir: string,
  destination: () => Writable,
): Promise<boolean> {
  const socketPath = backupSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return false;
  const socket = await new Promise<net.Socket | null>((resolve) => {
    const candidate = net.createConnection(socketPath);
    candidate.once('connect', () => resolve(candidate));
    candidate.once('error', () => resolve(null));
  });
  if (!socket) return false;
  socket.write(`${REQUEST}\n`);
  // A portal that fails halfway closes the socket: the file then fails its check (verifyBackup).
  await pipeline(socket, destination()).catch(() => undefined);
  return true;
}
