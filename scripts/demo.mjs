// `npm run demo`: the portal exactly as `npm start` (same PORT, DATA_DIR, ADMIN_EMAIL … settings)
// with our feed simulator started alongside and the feed pointed at it, importing by itself on
// the first start, so a newcomer sees a full portal without the internet. A local mail catcher
// (MailDev: a real SMTP server with a web inbox) receives every mail the portal sends, unless
// SMTP_URL is set.
//   DEMO_ADS   ads in the simulated feed (default 2000)
//   DEMO_SEED  seed of the generated corpus (default 1)
import { fork } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const { startFeedSimulator } = await import('@jobbportalen/feed-simulator');
const ads = Number(process.env.DEMO_ADS ?? 2000);
const seed = Number(process.env.DEMO_SEED ?? 1);
const simulator = await startFeedSimulator({ ads, seed, host: '127.0.0.1', changeRatePerSecond: 0.2 });
console.log(`Flödessimulator med ${ads} annonser: ${simulator.url}`);

if (!process.env.SMTP_URL) {
  const { smtpPort, webPort } = await startMailCatcher();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  console.log(`E-post (MailDev): http://localhost:${webPort}`);
}

process.env.FEED_URL = simulator.url;
process.env.FEED_API_VERSION ??= 'v1';
process.env.FEED_AUTO_IMPORT = 'true';
// The simulator is ours: a window every 10 s keeps the demo lively.
process.env.FEED_REQUEST_INTERVAL_MS ??= '10000';
process.env.EMBEDDED_INDEXER = 'true';
await import('../server/dist/main.js');

/**
 * MailDev in a child process (scripts/demo-mail-catcher.mjs) on free ports, its mails kept in
 * $DATA_DIR/maildev. It stops with the demo: when this process exits, however it exits, the IPC
 * channel closes and the child ends itself.
 */
async function startMailCatcher() {
  const mailDirectory = path.resolve(process.env.DATA_DIR ?? './data', 'maildev');
  const child = fork(new URL('./demo-mail-catcher.mjs', import.meta.url), [mailDirectory], {
    // Its own startup lines would name 127.0.0.1 URLs beside ours; errors still show.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ports = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`MailDev did not start (exit code ${code})`)));
  });
  child.removeAllListeners('exit');
  // Not a reason to keep the demo alive on its own; the portal's server is.
  child.unref();
  child.channel?.unref();
  process.once('exit', () => child.kill());
  return ports;
}
