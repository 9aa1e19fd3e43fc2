import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { FastifyTypedInstance } from '../../types.js';

export interface PublicBaseUrl {
  /** Scheme, host and port (and PUBLIC_URL's path), without a trailing slash. */
  url: string;
  /** Whether an answer built on it may be kept by shared caches. */
  cacheable: boolean;
}

// A host name or IPv4 address, or a bracketed IPv6 address, each with an optional port: what a
// Host header may hold. Anything else (user info, paths, spaces) is not looked at further.
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const isLoopback = (address: string) => address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);

/** The names and addresses under which this machine itself is reached, read now (they can change). */
function isThisMachine(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === os.hostname().toLowerCase()) return true;
  const address = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (net.isIP(address) === 0) return false;
  if (isLoopback(address)) return true;
  return Object.values(os.networkInterfaces()).some((entries) =>
    (entries ?? []).some((entry) => entry.address.toLowerCase() === address),
  );
}

/**
 * The request's own origin, when its Host names this machine: then `npm start` on a laptop or a
 * LAN address gives links that work where the page was opened. Normalised by the URL parser, so
 * what comes back is built from the parsed host and never from the header's text.
 */
function requestOrigin(request: FastifyRequest): string | null {
  if (!HOST_HEADER.test(request.host)) return null;
  let parsed: URL;
  try {
    parsed = new URL(`http://${request.host}`);
  } catch {
    return null;
  }
  if (!isThisMachine(parsed.hostname)) return null;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${parsed.host}`;
}

/**
 * Where the server listens, as a base nobody outside can choose: a wildcard listen (0.0.0.0, ::)
 * becomes its loopback address, which the server surely answers on; a listen on one address is
 * that address. Before it listens (tests use inject) the configured port on 127.0.0.1.
 */
function listeningOrigin(app: FastifyTypedInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (address === null || typeof address === 'string') return `http://127.0.0.1:${app.config.port}`;
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${net.isIPv6(host) ? `[${host}]` : host}:${address.port}`;
}

let warnedAboutHost = false;

/**
 * The base of absolute URLs in crawler answers (canonical links, sitemap, robots.txt). PUBLIC_URL
 * when set — required in production. Without it (the embedded default) the request's Host is used
 * only when it names this machine; any other Host could be an attacker's, and a cache in front
 * would keep its links for everyone. Such a request gets the listening address instead (sitemaps
 * and robots.txt need absolute URLs, so a relative base cannot serve all three), and an answer
 * that must not be cached.
 */
export function publicBaseUrl(app: FastifyTypedInstance, request: FastifyRequest): PublicBaseUrl {
  if (app.config.publicUrl) return { url: app.config.publicUrl, cacheable: true };
  const origin = requestOrigin(request);
  if (origin) return { url: origin, cacheable: true };
  if (!warnedAboutHost) {
    warnedAboutHost = true;
    app.log.warn(
      { host: request.host.slice(0, 100) },
      'PUBLIC_URL is not set and a request named a host that is not this machine: links use the listening address; set PUBLIC_URL',
    );
  }
  return { url: listeningOrigin(app), cacheable: false };
}
