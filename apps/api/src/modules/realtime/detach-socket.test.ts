import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { collected } from '../../../test/collectable.js';
import { detachStreamSocket, type StreamSink } from './detach-socket.js';

type Opened = { sink: StreamSink; req: WeakRef<IncomingMessage>; res: WeakRef<ServerResponse>; socket: Socket };

let server: Server | undefined;
let client: Socket | undefined;
afterEach(async () => {
  client?.destroy();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A bare node:http server whose one route is a stream taken off its response, as Kettle's is. */
async function streamServer(): Promise<{ port: number; opened: Promise<Opened> }> {
  let resolveOpened: (opened: Opened) => void = () => undefined;
  const opened = new Promise<Opened>((resolve) => (resolveOpened = resolve));
  server = createServer(async (req, res) => {
    res.useChunkedEncodingByDefault = false;
    res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
    const sink = await detachStreamSocket(req, res);
    resolveOpened({ sink, req: new WeakRef(req), res: new WeakRef(res), socket: req.socket });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, opened };
}

/** A raw client: sends one GET and collects everything the server writes. */
function rawClient(port: number): { received: () => string; closed: Promise<void> } {
  let text = '';
  const socket = connect(port, '127.0.0.1', () => {
    socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  });
  client = socket;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  return { received: () => text, closed: new Promise((resolve) => socket.once('close', () => resolve())) };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('detachStreamSocket (P7)', () => {
  it('sends the head, then the socket carries the stream while the request and response are let go', async () => {
    const { port, opened } = await streamServer();
    const peer = rawClient(port);
    const { sink, req, res, socket } = await opened;
    expect(sink).toBe(socket);
    expect(Reflect.get(socket, 'parser')).toBeNull();
    sink.write('event: heartbeat\ndata: {}\n\n');
    await until(() => peer.received().endsWith('data: {}\n\n'));
    const [head, body] = peer.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).toContain('content-type: text/event-stream');
    expect(head).not.toMatch(/transfer-encoding/i);
    expect(body).toBe('event: heartbeat\ndata: {}\n\n');
    expect(await collected(req)).toBe(true);
    expect(await collected(res)).toBe(true);
  });

  it('ends the connection when the stream ends, and the server can then close', async () => {
    const { port, opened } = await streamServer();
    const peer = rawClient(port);
    const { sink } = await opened;
    sink.write('data: last\n\n');
    sink.end();
    await peer.closed;
    expect(peer.received().endsWith('data: last\n\n')).toBe(true);
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it('closes the sink when the client goes, and drops a client that sends after its request', async () => {
    const first = await streamServer();
    rawClient(first.port);
    const gone = (await first.opened).sink;
    const closed = new Promise((resolve) => gone.once('close', resolve));
    client?.destroy();
    await closed;
    expect(gone.destroyed).toBe(true);
    await new Promise((resolve) => server?.close(resolve));

    const second = await streamServer();
    const peer = rawClient(second.port);
    const { sink } = await second.opened;
    client?.write('GET /again HTTP/1.1\r\n\r\n');
    await peer.closed;
    expect(sink.destroyed).toBe(true);
  });

  it('leaves a response alone when its socket is no longer node:http’s', async () => {
    let second: StreamSink | undefined;
    let response: ServerResponse | undefined;
    server = createServer(async (req, res) => {
      res.useChunkedEncodingByDefault = false;
      res.writeHead(200, { connection: 'close' });
      await detachStreamSocket(req, res);
      response = res;
      second = await detachStreamSocket(req, res);
      req.socket.end('data: once\n\n');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const peer = rawClient((server.address() as AddressInfo).port);
    await peer.closed;
    expect(second).toBe(response);
    expect(peer.received().endsWith('\r\n\r\ndata: once\n\n')).toBe(true);
  });
});
