import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMeiliClient } from './meili-client.js';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('createMeiliClient', () => {
  it('asks for uncompressed answers (compressed ones stall about 40 ms on loopback)', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    server = http.createServer((request, response) => {
      seen.push(request.headers);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ hits: [], query: '', processingTimeMs: 0, limit: 20, offset: 0 }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    await createMeiliClient(`http://127.0.0.1:${port}`, 'key').index('jobs').search('lärare');

    expect(seen).toHaveLength(1);
    expect(seen[0]!['accept-encoding']).toBe('identity');
    expect(seen[0]!.authorization).toBe('Bearer key');
  });
});
