// The front door (ops/nginx/nginx.conf) as compose runs it, with Debian's nginx binary in front of
// two real servers (server/src/main.ts, each a process of its own, TRUST_PROXY=true) on one
// PostgreSQL database and the run's Meilisearch: one server killed (SIGKILL) in the middle of a
// stream of page loads costs none of them; a job page's second load is the proxy's (HIT); a
// logged-in visitor's answers never come from the cache; and each visitor keeps their own address
// (the per-IP rate limits), whatever X-Forwarded-For they send themselves. Visitors are told apart
// by their own loopback address (127.0.0.x), as the proxy sees them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { STRONG_PASSWORD, uniqueEmail } from '@jobbportalen/test-support/auth';
import { freePort } from '@jobbportalen/test-support/free-port';
import { normalizedJob, seedJobs } from '@jobbportalen/test-support/jobs';
import { repoRoot, ensureWebBuilt } from './support/web-build.js';

/** Debian's nginx (apt-get install nginx); NGINX_BIN overrides it. Missing, the test fails. */
const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const NGINX_CONF = path.join(repoRoot, 'ops', 'nginx', 'nginx.conf');
const MAIN = path.join(repoRoot, 'server', 'src', 'main.ts');
const DAY = 86_400_000;
/** Registrations a minute from one address: low, so one visitor reaches it in a few requests. */
const REGISTER_PER_IP = 3;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Visitor {
  /** The visitor's own address: the proxy sees each loopback address as another client. */
  address: string;
  agent: http.Agent;
}

const visitor = (address: string): Visitor => ({
  address,
  agent: new http.Agent({ keepAlive: true, localAddress: address }),
});

/** One request through the front door, as the visitor; the whole body read. */
function request(
  port: number,
  from: Visitor,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<Answer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: options.method ?? 'GET',
        agent: from.agent,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('no answer in 30 s')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Every process the file started (servers, nginx): each is ended after the tests. */
const children: ChildProcess[] = [];

/** A server process (the production entry point), on a port of its own, and how to end it. */
interface PortalServer {
  url: string;
  child: ChildProcess;
  output(): string;
}

async function startServer(env: Record<string, string>): Promise<PortalServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not up in 90 s:\n${output}`)), 90_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // main.ts says where it listens when its output is no terminal.
      const match = /är igång: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  return { url, child, output: () => output };
}

/** Resolves once the process has exited (at once if it already has). */
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * nginx.conf as it is, in a directory of its own with the two files it includes written for
 * here: the upstream's servers (compose: `server server:3000 resolve …`) and where it listens
 * (compose: port 80). Started as compose starts it (`-p DIR/ -c nginx.conf -g 'daemon off;'`).
 */
async function startNginx(dir: string, port: number, upstreams: string[]) {
  if (!fs.existsSync(NGINX_BIN))
    throw new Error(`nginx not found at ${NGINX_BIN} (apt-get install nginx, or set NGINX_BIN)`);
  // Run as root (as in CI's container), nginx's workers are `nobody`: they must reach the cache here.
  fs.chmodSync(dir, 0o755);
  fs.copyFileSync(NGINX_CONF, path.join(dir, 'nginx.conf'));
  // The same passive health check as compose's (ops/nginx/compose/portal-servers.conf).
  const servers = upstreams.map((url) => `server ${new URL(url).host} max_fails=1 fail_timeout=5s;\n`);
  fs.writeFileSync(path.join(dir, 'portal-servers.conf'), servers.join(''));
  fs.writeFileSync(path.join(dir, 'listen.conf'), `listen 127.0.0.1:${port};\n`);
  const child = spawn(NGINX_BIN, ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    const up = await new Promise<boolean>((resolve) => {
      const probe = http.get({ host: '127.0.0.1', port, path: '/healthz' }, (answer) => {
        answer.resume();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (up) return { child, output: () => output };
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The bearer token of the servers' /metrics (a test's own, not a secret). */
const METRICS_TOKEN = 'front-door-metrics-token-0123456789abcdef';

/** The pages (/jobb and /jobb/:id) a server has answered, by its own count on /metrics. */
async function pagesAnswered(server: PortalServer): Promise<number> {
  const answer = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const exposition = await answer.text();
  // One sample a line: `jobbportalen_http_requests_total{…,route="/jobb/:id",…} 12`.
  return exposition
    .split('\n')
    .filter((line) => line.startsWith('jobbportalen_http_requests_total{') && line.includes('route="/jobb'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Resolves once `condition` holds (looked at every 100 ms). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 100));
}

const ADS = Array.from({ length: 24 }, (_, i) => `front-door-${i + 1}`);
const SEARCH_WORDS = ['lager', 'truck', 'uppsala', 'kollega', 'team', 'heltid', 'lagerarbetare', 'terminal'];

let portal: TestApp;
let servers: PortalServer[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
let proxyPort: number;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-front-door-'));
const visitors: Visitor[] = [];
const visitorAt = (address: string) => {
  const made = visitor(address);
  visitors.push(made);
  return made;
};

/** The PostgreSQL server a developer's machine runs (README, Tests): trust auth on 127.0.0.1. */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

beforeAll(async () => {
  // Two servers share one database, which PGlite (one process) cannot be: PostgreSQL, the one
  // TEST_DATABASE_URL names, else this machine's own server (as the benches use it).
  process.env.TEST_DATABASE_URL ??= LOCAL_POSTGRES;
  await ensureWebBuilt();
  // The database and the index both servers share; the ads are open for another month. This
  // process's app only seeds them: it serves no pages, so it loads no web build.
  portal = await buildTestApp('postgres', { webRoot: path.join(dir, 'no-web-build') });
  const open = new Date(Date.now() + 30 * DAY);
  await seedJobs(
    portal,
    ADS.map((id) => normalizedJob(id, { lastDate: open, expiresAt: open })),
  );

  proxyPort = await freePort();
  const env = {
    DATABASE_URL: portal.database.url!,
    DATA_DIR: path.join(dir, 'data'),
    MEILI_URL: portal.search.url,
    MEILI_MASTER_KEY: portal.search.apiKey,
    MEILI_INDEX: portal.config.meiliIndex,
    JWT_SECRET: 'front-door-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
    PORT: '0',
    EMBEDDED_INDEXER: 'false',
    LOG_LEVEL: 'warn',
    // The page loads all come from one address: only registration keeps a limit low enough to reach.
    RATE_LIMIT_PAGEVIEWS_PER_IP: '1000000',
    RATE_LIMIT_SEARCH_PER_IP: '1000000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_REGISTER_PER_IP: String(REGISTER_PER_IP),
    METRICS_TOKEN,
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
  nginx = await startNginx(
    dir,
    proxyPort,
    servers.map((server) => server.url),
  );
}, 240_000);

afterAll(async () => {
  for (const each of visitors) each.agent.destroy();
  // nginx stops at once on SIGTERM; the servers close their connections first.
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map(exited));
  await portal?.close();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('the front door (nginx) in front of two servers', () => {
  it("keeps a job page as its Cache-Control allows: the second load is the proxy's", async () => {
    const anna = visitorAt('127.0.0.1');
    const first = await request(proxyPort, anna, `/jobb/${ADS[0]}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(first.headers['x-cache-status']).toBe('MISS');
    const second = await request(proxyPort, anna, `/jobb/${ADS[0]}`);
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // Kept per encoding (the page says Vary: Accept-Encoding): gzip to a browser that asks for it,
    // and still plain HTML to a client that asked for none.
    const gzipped = await request(proxyPort, anna, `/jobb/${ADS[0]}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await request(proxyPort, anna, `/jobb/${ADS[0]}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(first.body);
    // Built on PUBLIC_URL, whichever server rendered it.
    expect(first.body).toContain(`<link rel="canonical" href="http://127.0.0.1:${proxyPort}/jobb/${ADS[0]}"`);

    // A search page (`public, no-cache`) is the server's every time; nginx stores no page that must be asked again.
    const search = await request(proxyPort, anna, '/jobb?search=lager');
    expect(search.status).toBe(200);
    expect(search.headers['cache-control']).toBe('public, no-cache');
    expect((await request(proxyPort, anna, '/jobb?search=lager')).headers['x-cache-status']).toBe('MISS');
  });

  it('never answers a logged-in visitor from the cache, nor keeps what they were answered', async () => {
    const bo = visitorAt('127.0.0.4');
    const email = uniqueEmail('front-door');
    const registered = await request(proxyPort, bo, '/api/auth/register', {
      method: 'POST',
      json: { name: 'Bo Ek', email, password: STRONG_PASSWORD },
    });
    expect(registered.status, registered.body).toBe(201);
    const login = await request(proxyPort, bo, '/api/auth/login', {
      method: 'POST',
      json: { email, password: STRONG_PASSWORD },
    });
    expect(login.status, login.body).toBe(200);
    const token = (JSON.parse(login.body) as { token: string }).token;
    const signedIn = { authorization: `Bearer ${token}` };

    for (let i = 0; i < 2; i++) {
      const me = await request(proxyPort, bo, '/api/auth/me', { headers: signedIn });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject({ email });
      expect(me.headers['cache-control']).toBe('no-store');
      expect(me.headers['x-cache-status']).toBe('BYPASS');
    }
    // Not even a public page comes from the cache to a request with a token, and the page it
    // got is not kept for others: the next visitor's load is the first the cache sees.
    for (let i = 0; i < 2; i++)
      expect(
        (await request(proxyPort, bo, `/jobb/${ADS[1]}`, { headers: signedIn })).headers['x-cache-status'],
      ).toBe('BYPASS');
    expect((await request(proxyPort, bo, `/jobb/${ADS[1]}`)).headers['x-cache-status']).toBe('MISS');
    // Without the token, the personal answer is refused, not someone's kept one.
    const anonymous = await request(proxyPort, bo, '/api/auth/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['x-cache-status']).not.toBe('HIT');
  });

  it('passes each visitor their own address (X-Forwarded-For): the per-IP limits count each visitor apart', async () => {
    const register = (from: Visitor, headers: Record<string, string> = {}) =>
      request(proxyPort, from, '/api/auth/register', {
        method: 'POST',
        headers,
        json: { name: 'Cilla Ek', email: uniqueEmail('front-door'), password: STRONG_PASSWORD },
      });
    const cilla = visitorAt('127.0.0.2');
    for (let i = 0; i < REGISTER_PER_IP; i++) expect((await register(cilla)).status).toBe(201);
    expect((await register(cilla)).status).toBe(429);
    // An address of her own choosing changes nothing: the proxy replaces the header.
    expect((await register(cilla, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    // Another visitor behind the same proxy is not held by Cilla's limit.
    expect((await register(visitorAt('127.0.0.3'))).status).toBe(201);
  });

  it('tells the servers the scheme the visitor used (X-Forwarded-Proto), not the one a request claims', async () => {
    // Plain HTTP to the proxy: no HSTS (security-headers.ts sends it only over HTTPS), even when
    // the request says it came over HTTPS.
    const answer = await request(proxyPort, visitorAt('127.0.0.6'), '/api/config', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('loses no page load when one of the two servers is killed in the middle of them', async () => {
    const load = visitorAt('127.0.0.5');
    const addresses = [
      ...ADS.map((id) => `/jobb/${id}`),
      ...SEARCH_WORDS.map((word) => `/jobb?search=${word}`),
      ...SEARCH_WORDS.map((word) => `/jobb?search=${word}&extent=Heltid`),
      '/',
    ];
    const failures: string[] = [];
    const loads = { total: 0, afterKill: 0, fromServers: 0 };
    let killed = false;
    let stop = false;
    let next = 0;
    const loop = async () => {
      while (!stop) {
        const address = addresses[next++ % addresses.length]!;
        try {
          const answer = await request(proxyPort, load, address);
          // A whole page, or it failed: a status other than 200 or a page cut short.
          if (answer.status !== 200 || !answer.body.trimEnd().endsWith('</html>'))
            failures.push(`${address}: ${answer.status} (${answer.body.length} bytes)`);
          if (answer.headers['x-cache-status'] !== 'HIT') loads.fromServers++;
        } catch (error) {
          failures.push(`${address}: ${(error as Error).message}`);
        }
        loads.total++;
        if (killed) loads.afterKill++;
      }
    };
    const answeredBefore = await Promise.all(servers.map(pagesAnswered));
    const running = Array.from({ length: 6 }, loop);
    // Counted in loads as well as seconds: a busy machine renders slowly, and the kill must fall
    // in a stream that reached both servers, followed by one long enough for nginx to try the
    // dead one again after fail_timeout (5 s).
    const victim = servers[0]!;
    let answeredNow: number[];
    try {
      const started = Date.now();
      await until(() => loads.total >= 20 && Date.now() - started >= 3000);
      // What each server had answered of the stream (nginx's round-robin) when one was killed.
      answeredNow = await Promise.all(servers.map(pagesAnswered));
      victim.child.kill('SIGKILL');
      const killedAt = Date.now();
      killed = true;
      await until(() => loads.afterKill >= 40 && Date.now() - killedAt >= 8000);
    } finally {
      stop = true;
      await Promise.all(running);
    }

    expect(victim.child.signalCode).toBe('SIGKILL');
    // Both were serving it.
    answeredNow.forEach((count, i) => expect(count, `server ${i + 1}`).toBeGreaterThan(answeredBefore[i]!));

    console.log(
      `front door: ${loads.total} page loads (${loads.fromServers} answered by a server, ${loads.afterKill} after the kill), ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
    expect(loads.afterKill).toBeGreaterThanOrEqual(40);
    // Requests did go to the dead server (nginx logs each failed try) and were carried to the other.
    expect(nginx!.output()).toContain(`upstream: "${victim.url}/`);
    // The survivor answered on its own since: a search page is always a server's.
    const after = await request(proxyPort, load, '/jobb?search=efter-stoppet');
    expect(after.status).toBe(200);
    expect(after.headers['x-cache-status']).toBe('MISS');
  }, 120_000);
});
