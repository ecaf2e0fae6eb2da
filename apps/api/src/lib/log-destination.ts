import pino from 'pino';

/** A line waits until this many bytes wait with it... */
export const LOG_BATCH_BYTES = 4096;
/** ...or at most this long, on a quiet server. */
export const LOG_FLUSH_MS = 500;

/**
 * Log lines go out in batches: written one system call per line, a busy server spent a tenth of a
 * cached page's CPU on the calls (performance.md P2). Not writing while a write was out was not
 * enough under spends: each write ended before the next line came, so every spend still paid a
 * write (and a wake-up of whoever reads stdout) for its access line. Now some 17 lines share one.
 * (Under the P6 load the server's CPU spent on writing lines did not measurably fall: most of it
 * is turning the text into bytes, which every line still needs.) Lines still waiting when the
 * process exits are written by pino's exit handler; a process killed outright loses at most
 * LOG_FLUSH_MS of lines.
 */
export function batchedLogDestination(dest: number | string): ReturnType<typeof pino.destination> {
  return pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}
