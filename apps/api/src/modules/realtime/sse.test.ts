import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('drops a client that stops reading once more than 1 MB waits for it', async () => {
    const frame = sseFrame('new_comment', { content: 'x'.repeat(16 * 1024) }, 1);
    const ceiling = 256 * 1024 * 1024;
    const outcome = new Promise<{ dropped: boolean; written: number; destroyed: boolean }>((resolve) => {
      server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const writer = createSseWriter(res);
        let written = 0;
        const pump = () => {
          for (let i = 0; i < 4; i += 1) {
            if (!writer.write(frame)) {
              resolve({ dropped: true, written, destroyed: res.destroyed && !writer.open });
              return;
            }
            written += frame.length;
          }
          if (written > ceiling) resolve({ dropped: false, written, destroyed: res.destroyed });
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
  });
});

describe('createSseWriter head (P7)', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  });

  it('lets go of the written head after the first frame, and the stream goes on and ends as before', async () => {
    const heads: number[] = [];
    server = createServer((_req, res) => {
      res.useChunkedEncodingByDefault = false;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-long': 'h'.repeat(2000), connection: 'close' });
      const writer = createSseWriter(res);
      const held = () => String(Reflect.get(res, '_header') ?? '').length;
      heads.push(held());
      writer.write(sseFrame('heartbeat', {}));
      heads.push(held());
      setImmediate(() => {
        writer.write(sseFrame('new_comment', { content: 'second' }, 2));
        heads.push(Number(res.headersSent));
        writer.end();
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/events`);
    expect(res.headers.get('x-long')).toHaveLength(2000);
    expect(await res.text()).toBe(`${sseFrame('heartbeat', {})}${sseFrame('new_comment', { content: 'second' }, 2)}`);
    // Kept until the first frame carried it out, then a stand-in; Node still says it was sent.
    expect(heads[0]).toBeGreaterThan(2000);
    expect(heads[1]).toBeLessThan(8);
    expect(heads[2]).toBe(1);
  });
});
