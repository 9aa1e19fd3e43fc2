import { DataDirLockedError, MeilisearchNotFoundError } from '@jobbportalen/storage';
import { ConfigError, loadConfig } from './config.js';
import { startPortal } from './runtime.js';

/**
 * `npm start`: the whole portal in one process on the embedded defaults (or on DATABASE_URL /
 * MEILI_URL when set). First SIGINT/SIGTERM shuts down gracefully; a second one forces exit.
 */
async function main() {
  const config = loadConfig();
  const portal = await startPortal(config);
  portal.app.log.info(`Jobbportalen är igång: ${portal.url}`);
  if (!process.stdout.isTTY) console.log(`Jobbportalen är igång: ${portal.url}`);

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      portal.app.log.warn(`${signal} again: forcing exit`);
      process.exit(1);
    }
    shuttingDown = true;
    portal.app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    portal.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MeilisearchNotFoundError
  ) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('Jobbportalen could not start:', error);
  }
  process.exit(1);
});
