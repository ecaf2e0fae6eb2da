import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from '../plugins/compression.js';

type Encoding = 'br' | 'gzip';

/** Compressed copies of cached pages, per server (~8 MB of bytes: a compressed page is ~2 KB). */
const MAX_COPIES = 4_000;
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * A cached page is the same text for thousands of visitors: compressing it on the fly for each
 * one (every browser asks for br or gzip) cost about as much CPU as the rest of the request
 * (docs/performance.md P2). Each copy is made once, at the first request that wants it, and lives as
 * long as its text is read. Keyed by the text itself: the page cache hands out the same string
 * object for every hit, whose hash V8 keeps, so a lookup does not read the page again.
 */
export type Precompressed = {
  /** Sends `text` (JSON or HTML, of `type`) compressed as the client accepts, from the copy when made. */
  send: (request: FastifyRequest, reply: FastifyReply, text: string, type: string) => FastifyReply;
  /** Copies made so far (tests). */
  made: () => number;
};

const compressors: Record<Encoding, (text: string) => Buffer> = {
  // A page is compressed once and sent many times, so stronger settings than the on-the-fly
  // plugin's (brotli 4) pay for themselves at once.
  br: (text) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (text) => gzipSync(text, { level: 9 }),
};

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : '';
  if (!/\baccept-encoding\b/i.test(current))
    reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** `enabled` false (the page cache off): every page is new text, so copies would never be read again. */
export function createPrecompressed(enabled: boolean): Precompressed {
  // Same order of preference as the on-the-fly plugin (plugins/compression.ts).
  const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
  const copies: Record<Encoding, LRUCache<string, Buffer>> = {
    br: new LRUCache({ max: MAX_COPIES, maxSize: MAX_BYTES, sizeCalculation: (copy) => Math.max(1, copy.length) }),
    gzip: new LRUCache({ max: MAX_COPIES, maxSize: MAX_BYTES, sizeCalculation: (copy) => Math.max(1, copy.length) }),
  };
  let made = 0;
  return {
    made: () => made,
    send: (request, reply, text, type) => {
      reply.type(type);
      const header = request.headers['accept-encoding'];
      // 'x-gzip' and '*' mean gzip to HTTP/1.1 clients, as the plugin reads them.
      const encoding =
        enabled && header && text.length >= COMPRESS_THRESHOLD_BYTES
          ? negotiator.negotiate(header.toLowerCase().replace(/\bx-gzip\b|\*/g, 'gzip'))
          : null;
      // Left to the on-the-fly plugin, which does what the client asked.
      if (!encoding) return reply.send(text);
      let copy = copies[encoding].get(text);
      if (!copy) {
        copy = compressors[encoding](text);
        made += 1;
        copies[encoding].set(text, copy);
      }
      addVary(reply);
      // A set Content-Encoding tells the on-the-fly plugin the body is already compressed.
      return reply.header('content-encoding', encoding).send(copy);
    },
  };
}
