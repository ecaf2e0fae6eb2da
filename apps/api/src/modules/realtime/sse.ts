import type { ServerResponse } from 'node:http';
import type { RealtimeEventName } from '@kettle/shared';

/** A client that lets more than this pile up unread is dropped (security.md R2); it resumes later. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** What the browser waits before reconnecting (product.md §8: realtime retries at 3000 ms). */
export const RETRY_MS = 3000;

/**
 * One event in the text/event-stream format. JSON never contains a raw newline, so `data` is
 * always one line; `id` is the post_events id a reconnect sends back as Last-Event-ID.
 */
export function sseFrame(event: RealtimeEventName, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const HEARTBEAT_FRAME = sseFrame('heartbeat', {});

export type SseWriter = {
  /** False once the connection is gone (or was just dropped for not reading). */
  write: (chunk: string) => boolean;
  /** Ends the response politely (server shutdown, failed replay). */
  end: () => void;
  readonly open: boolean;
};

/**
 * Node keeps the head it wrote (~900 bytes with the security headers) on the response for as long
 * as the stream lives, though once the first write has carried it out Node only asks whether there
 * is one (`headersSent`, `end`). A one-character stand-in then frees it (P7). Guarded on Node's own
 * flag: if the head is still to be sent, it is left alone.
 */
function releaseHead(res: ServerResponse): void {
  if (Reflect.get(res, '_headerSent') === true && typeof Reflect.get(res, '_header') === 'string') {
    Reflect.set(res, '_header', ' ');
  }
}

/**
 * Writes frames to a hijacked response. Node buffers whatever the socket cannot take yet; a
 * client that stops reading would make that buffer grow without bound, so past `maxBuffered`
 * bytes the connection is destroyed instead.
 */
export function createSseWriter(res: ServerResponse, maxBuffered: number = MAX_BUFFERED_BYTES): SseWriter {
  let open = true;
  let headReleased = false;
  res.once('close', () => {
    open = false;
    // A client that went away can leave the socket half-open; nothing more will be written to it.
    if (!res.writableFinished) res.destroy();
  });
  return {
    write: (chunk) => {
      if (!open || res.destroyed || res.writableEnded) return false;
      res.write(chunk);
      if (!headReleased) {
        headReleased = true;
        releaseHead(res);
      }
      if (res.writableLength > maxBuffered) {
        open = false;
        res.destroy();
        return false;
      }
      return true;
    },
    end: () => {
      if (!open) return;
      open = false;
      res.end();
    },
    get open() {
      return open && !res.destroyed;
    },
  };
}
