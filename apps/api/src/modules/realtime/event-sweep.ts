import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { deleteEventsBefore } from './post-events.js';

/** How long post_events keeps an event: long enough for any reconnect, short enough to stay small. */
export const EVENT_RETENTION_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;

/**
 * Deletes events past retention every few minutes. Several servers may sweep at once; deleting
 * the same old rows twice is harmless. The timer never keeps the process alive.
 */
export function startEventSweep(
  db: Db,
  log: FastifyBaseLogger,
  options: { retentionMs?: number; everyMs?: number } = {},
): () => Promise<void> {
  const retentionMs = options.retentionMs ?? EVENT_RETENTION_MS;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = deleteEventsBefore(db, new Date(Date.now() - retentionMs))
      .then((n) => {
        if (n > 0) log.debug({ deleted: n }, 'realtime: old post events swept');
      })
      .catch((err: unknown) => log.warn({ err }, 'realtime: post event sweep failed'))
      .finally(() => {
        running = null;
      });
  }, options.everyMs ?? SWEEP_EVERY_MS);
  timer.unref();
  /** Stops the timer and waits for a sweep in flight, so the database can close after it. */
  return async () => {
    clearInterval(timer);
    await running;
  };
}
