import type { AddressInfo } from 'node:net';
import net from 'node:net';

/** What the base URL is read from: a Fastify app (its config and HTTP server) satisfies it. */
export interface MailBaseUrlSource {
  config: { publicUrl: string | undefined; port: number };
  server: { address(): AddressInfo | string | null };
}

/**
 * The base of every link in a mail: PUBLIC_URL (required in production), else the address the
 * server listens on. Unlike a page's links, a mail's never come from the request's Host header:
 * whoever asks for a reset link could name their own host, and the mail would then lead the
 * account's owner there with a valid token. A wildcard listen (0.0.0.0, ::) becomes its loopback
 * address; before the server listens (tests use inject) the configured port on 127.0.0.1.
 */
export function mailBaseUrl({ config, server }: MailBaseUrlSource): string {
  if (config.publicUrl) return config.publicUrl;
  const address = server.address();
  if (address === null || typeof address === 'string') return `http://127.0.0.1:${config.port}`;
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${net.isIPv6(host) ? `[${host}]` : host}:${address.port}`;
}
