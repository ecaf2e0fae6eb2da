import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { detachStreamSocket } from './detach-socket.js';
import { createSseWriter, HEARTBEAT_FRAME, MAX_BUFFERED_BYTES, sseFrame } from './sse.js';

describe('sseFrame', () => {
  it('writes id, event and one JSON data line, ended by a blank line', () => {
    expect(sseFrame('new_comment', { content: 'two\nlines' }, 42)).toBe(
      'id: 42\nevent: new_comment\ndata: {"content":"two\\nlines"}\n\n',
    );
    expect(HEARTBEAT_FRAME).toBe('event: heartbeat\ndata: {}\n\n');
  });
});

describe('createSseWriter backpressure (security.md R2)', () => {
  let server: Server | undefined;
  let client: Socket | undefined;
  afterEach(async () => {
    client?.destroy();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  });

  it.each(['response', 'detached socket'])(
    'drops a client of a %s that stops reading once more than 1 MB waits for it',
    async (kind) => {
      const frame = sseFrame('new_comment', { content: 'x'.repeat(16 * 1024) }, 1);
      const ceiling = 256 * 1024 * 1024;
      const outcome = new Promise<{ dropped: boolean; written: number; destroyed: boolean }>((resolve) => {
        server = createServer(async (req, res) => {
          res.useChunkedEncodingByDefault = false;
          res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
          const sink = kind === 'response' ? res : await detachStreamSocket(req, res);
          const writer = createSseWriter(sink);
          let written = 0;
          const pump = () => {
            for (let i = 0; i < 4; i += 1) {
              if (!writer.write(frame)) {
                resolve({ dropped: true, written, destroyed: sink.destroyed && !writer.open });
                return;
              }
              written += frame.length;
            }
            if (written > ceiling) resolve({ dropped: false, written, destroyed: sink.destroyed });
            else setImmediate(pump);
          };
          pump();
        });
      });
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      const { port } = server?.address() as AddressInfo;
      client = connect(port, '127.0.0.1', () => {
        client?.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
        // Never reads: the kernel buffers fill, then Node's.
        client?.pause();
      });
      const result = await outcome;
      expect(result.dropped).toBe(true);
      expect(result.destroyed).toBe(true);
      // Dropped by the write that crossed 1 MB, not before; bounded by what the kernel took plus 1 MB.
      expect(result.written + frame.length).toBeGreaterThan(MAX_BUFFERED_BYTES);
      expect(result.written).toBeLessThan(64 * 1024 * 1024);
    },
  );
});
