import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  /** performance.now() when the request arrived, for spacing checks. */
  at: number;
}

export type FeedHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  index: number,
) => void | Promise<void>;

export interface LocalFeedServer {
  baseUrl: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1; request n is answered by `handlers[n]` (the last one repeats). */
export async function startLocalFeedServer(...handlers: FeedHandler[]): Promise<LocalFeedServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const index = requests.length;
    requests.push({ path: request.url ?? '', headers: request.headers, at: performance.now() });
    const handler = handlers[Math.min(index, handlers.length - 1)];
    Promise.resolve(handler?.(request, response, index)).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): FeedHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
}

export function status(code: number, headers: Record<string, string> = {}, body = ''): FeedHandler {
  return (_request, response) => {
    response.writeHead(code, { 'content-type': 'text/plain', ...headers });
    response.end(body);
  };
}

/** Sends the parts one by one with a pause between, so each likely reaches the client on its own. */
export function chunked(parts: string[], gapMs: number, contentType = 'application/json'): FeedHandler {
  return async (_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    for (const part of parts) {
      response.write(part);
      await pause(gapMs);
    }
    response.end();
  };
}

/** Sends `parts`, then cuts the connection without finishing the HTTP message. */
export function cutOff(parts: string[], headers: Record<string, string> = {}): FeedHandler {
  return async (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', ...headers });
    for (const part of parts) {
      response.write(part);
      await pause(20);
    }
    response.socket?.destroy();
  };
}

/** Never answers (until the client gives up or the server closes). */
export const silent: FeedHandler = () => {};

export async function collect(records: AsyncIterable<unknown>): Promise<unknown[]> {
  const all: unknown[] = [];
  for await (const record of records) all.push(record);
  return all;
}

/** Records until the iteration fails, plus the failure (or undefined if it completed). */
export async function collectUntilError(
  records: AsyncIterable<unknown>,
): Promise<{ records: unknown[]; error: unknown }> {
  const all: unknown[] = [];
  try {
    for await (const record of records) all.push(record);
    return { records: all, error: undefined };
  } catch (error) {
    return { records: all, error };
  }
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

export function memoryLogger() {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (fields: Record<string, unknown>, message: string) => {
    entries.push({ level, fields, message });
  };
  return { entries, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}
