// How every bench portal child process serves: listen on a free loopback port, say where on
// stdout (`listening <url>`, which the parent waits for), and on SIGTERM or SIGINT stop what runs
// beside the app, close the app, then close what it used, and exit.
import type { FastifyInstance } from 'fastify';

export async function serveUntilSignalled(
  app: FastifyInstance,
  close: { beforeApp?: () => unknown; afterApp: () => unknown },
): Promise<void> {
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${url}`);
  const stop = async () => {
    await close.beforeApp?.();
    await app.close();
    await close.afterApp();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
