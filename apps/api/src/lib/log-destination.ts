import pino from 'pino';

/** A line waits until this many bytes wait with it... */
export const LOG_BATCH_BYTES = 32_768;
/** ...or at most this long, on a quiet server. */
export const LOG_FLUSH_MS = 500;
/** sonic-boom's most in one write; it must exceed the batch (16 KB by default). */
const LOG_MAX_WRITE_BYTES = 65_536;

/**
 * Log lines go out in batches: written one system call per line, a busy server spent a tenth of a
 * cached page's CPU on the calls (performance.md P2). Not writing while a write was out was not
 * enough under spends: each write ended before the next line came, so every spend still paid a
 * write (and a wake-up of whoever reads stdout) for its access line. 4 KB batches (some 12 lines)
 * still cost a vote ~8 µs of main thread an answer for the log against none at LOG_LEVEL=warn: each
 * write is handed to libuv's threadpool, whose wake-up on two busy cores costs the loop more than
 * the line. 32 KB batches (some 100 lines) took back ~3 µs (bench:spend-pipeline --builds, s57).
 * Lines still waiting when the process exits are written by pino's exit handler; a process killed
 * outright loses at most LOG_FLUSH_MS of lines.
 *
 * Each line is held as its bytes, and a batch joined once as it is written (sonic-boom's 'buffer'
 * mode). Held as text, each line was appended to the batch's string and the batch measured again
 * in bytes, flattening it every time: 3.7 µs and ~4 KB of garbage a line against 2.1 µs (400,000
 * lines, scratch bench, s48), on the main thread of every request.
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
