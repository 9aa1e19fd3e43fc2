import type { FastifyRequest } from 'fastify';
import type { InProcessProblem } from './in-process-api.js';

/** How often at most the stack of an unexpected render error is logged (per server). */
const STACK_INTERVAL_MS = 60_000;
/** A reason is one short line: an error's message may carry a whole answer. */
const REASON_MAX_CHARS = 200;

const shortened = (text: string) =>
  text.length > REASON_MAX_CHARS ? `${text.slice(0, REASON_MAX_CHARS)}…` : text;

export const describeProblem = (problem: InProcessProblem) =>
  `in-process ${problem.method} ${problem.path} answered ${problem.status}`;

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return shortened(text.replace(/\s+/g, ' '));
}

/**
 * One log line per page that could not be rendered, with the address and a short reason — never
 * the error object: a search client's error carries its request and answer, some 2 KB a line, and
 * a visitor who floods pages past their limits would otherwise fill the log.
 *
 * - A page whose in-process answer was outside 2xx failed because of that answer (the visitor's
 *   limits, a search engine that is down — the route that answered logged its own 5xx): a warning
 *   naming it, no stack, which would only show the renderer's side of the call.
 * - Any other error is the renderer's own fault (a bug, the same for every request of that page):
 *   an error line, with the stack at most once a minute — enough to find the bug, too seldom for a
 *   flood to turn it into megabytes.
 */
export function renderProblemLog() {
  let stackLoggedAt = -Infinity;
  return {
    refused(request: FastifyRequest, refusal: InProcessProblem) {
      request.log.warn(
        { url: request.url, reason: describeProblem(refusal) },
        "page refused: the visitor's API limit was used up",
      );
    },
    failed(request: FastifyRequest, error: unknown, cause: InProcessProblem | undefined) {
      const message = 'server rendering failed; sending the app shell';
      if (cause) {
        request.log.warn({ url: request.url, reason: describeProblem(cause) }, message);
        return;
      }
      const now = Date.now();
      const withStack = error instanceof Error && now - stackLoggedAt >= STACK_INTERVAL_MS;
      if (withStack) stackLoggedAt = now;
      request.log.error(
        { url: request.url, reason: describeError(error), ...(withStack ? { stack: error.stack } : {}) },
        message,
      );
    },
  };
}
