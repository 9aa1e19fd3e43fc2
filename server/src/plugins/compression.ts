import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below about one packet, compressing saves nothing a visitor would notice and costs CPU. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const isStream = (payload: unknown): boolean =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { pipe?: unknown }).pipe === 'function';

/**
 * Brotli or gzip, as the request's Accept-Encoding allows, for HTML pages and JSON answers (the
 * API and the search proxy) — with `Vary: Accept-Encoding`. Must be registered before any route:
 * @fastify/compress attaches itself to each route as it is added.
 *
 * Answers that already carry a Content-Encoding (the bundles @fastify/static sends from their
 * precompressed .br/.gz copies) pass untouched. Request bodies are not decompressed: nothing we
 * accept is sent compressed, and a compressed upload would slip past the body limits.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
  // The threshold above only applies to answers held in memory. A small file @fastify/static
  // streams (one too small to have a .br/.gz copy) states its size in Content-Length instead;
  // x-no-compression is @fastify/compress's own opt-out, read by its hook, which runs after this one.
  app.addHook('onSend', async (request, reply, payload) => {
    const length = Number(reply.getHeader('content-length'));
    if (isStream(payload) && Number.isFinite(length) && length < COMPRESSION_THRESHOLD_BYTES)
      request.headers['x-no-compression'] = '1';
    return payload;
  });
});
