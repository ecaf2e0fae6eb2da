import pino from 'pino';

/** A line waits until this many bytes wait with it... */
export const LOG_BATCH_BYTES = 32_768;
/** ...or at most this long, on a quiet server. */
export const LOG_FLUSH_MS = 500;
/** sonic-boom's most in one write; it must exceed the batch (16 KB by default). */
const LOG_MAX_WRITE_BYTES = 65_536;

/**
 * Log lines go out in batches: written one system call per line, a busy server spent a tenth of a
 * cached page's CPU on the calls (docs/performance.md P2). Batches of 32 KB (some 100 lines), because
 * each write is handed to libuv's threadpool, whose wake-up on two busy cores costs the loop more
 * than the line; smaller batches left spends paying for their access lines. Lines still waiting
 * when the process exits are written by pino's exit handler; a process killed outright loses at
 * most LOG_FLUSH_MS of lines.
 *
 * Each line is held as its bytes, and a batch joined once as it is written (sonic-boom's 'buffer'
 * mode): held as text, the batch's string was flattened and measured again at every line.
 */
export function batchedLogDestination(dest: number | string): ReturnType<typeof pino.destination> {
  const destination = pino.destination({
    dest,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    maxWrite: LOG_MAX_WRITE_BYTES,
    periodicFlush: LOG_FLUSH_MS,
    contentMode: 'buffer',
  });
  // pino writes text; in this mode sonic-boom takes bytes.
  const writeBytes = destination.write as (this: typeof destination, data: string | Buffer) => boolean;
  destination.write = function write(line: string | Buffer) {
    return writeBytes.call(this, typeof line === 'string' ? Buffer.from(line) : line);
  };
  return destination;
}
