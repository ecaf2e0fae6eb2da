import type { RealtimeEventName } from '@kettle/shared';
import type { StreamSink } from './detach-socket.js';

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
 * Writes frames to a stream's socket (or its hijacked response). Node buffers whatever the socket
 * cannot take yet; a client that stops reading would make that buffer grow without bound, so past
 * `maxBuffered` bytes the connection is destroyed instead.
 */
export function createSseWriter(sink: StreamSink, maxBuffered: number = MAX_BUFFERED_BYTES): SseWriter {
  let open = true;
  sink.once('close', () => {
    open = false;
    // A client that went away can leave the socket half-open; nothing more will be written to it.
    if (!sink.writableFinished) sink.destroy();
  });
  return {
    write: (chunk) => {
      if (!open || sink.destroyed || sink.writableEnded) return false;
      sink.write(chunk);
      if (sink.writableLength > maxBuffered) {
        open = false;
        sink.destroy();
        return false;
      }
      return true;
    },
    end: () => {
      if (!open) return;
      open = false;
      sink.end();
    },
    get open() {
      return open && !sink.destroyed;
    },
  };
}
