import type { DestinationStream, LoggerOptions } from 'pino';
import { redactLogLine } from './log-redaction.js';

/**
 * The options of every logger the portal makes (the HTTP server's, the indexer's): each line is
 * redacted as it is written, whatever wrote it. Human-readable on a terminal, JSON lines
 * everywhere else (containers, files); to `destination` when given (Fastify's `stream`).
 */
export function loggerOptions(
  level: string,
  destination?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  const redacted = { level, hooks: { streamWrite: redactLogLine } };
  if (destination) return { ...redacted, stream: destination };
  return process.stdout.isTTY
    ? {
        ...redacted,
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
        },
      }
    : redacted;
}
