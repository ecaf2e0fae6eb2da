import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Smaller than this, a compressed body saves less than it costs (issue 11: "over 1 KB"). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers on the fly (brotli or gzip, as the client accepts). Registered before
 * the routes, since it hooks each route as it is added. The built SPA is compressed at build
 * time instead (web.ts serves the .br/.gz files). Left alone: the SSE stream (hijacked, and
 * text/event-stream is not in the compressible types), images (not compressible), and request
 * bodies (clients send JSON and forms uncompressed).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4 compresses JSON about as well as gzip -6 at similar cost; 11 (the default)
    // would spend far more CPU per answer than it saves on the wire.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
