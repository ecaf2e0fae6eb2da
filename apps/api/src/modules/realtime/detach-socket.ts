import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';

/** What a live stream writes to: the socket taken from its response, or the response itself. */
export type StreamSink = Pick<
  Writable,
  'write' | 'end' | 'destroy' | 'once' | 'destroyed' | 'writableEnded' | 'writableFinished' | 'writableLength'
>;

type FreeParser = (parser: unknown, req: IncomingMessage | null, socket: Socket) => void;

/**
 * node:http's own release of a connection's parser, the one its upgrade path runs before handing
 * the socket to an 'upgrade' listener. Absent on a Node that no longer exposes it: streams then
 * stay on their responses.
 */
const freeParser = ((): FreeParser | null => {
  try {
    const common: unknown = createRequire(import.meta.url)('_http_common');
    const fn: unknown = common && typeof common === 'object' ? Reflect.get(common, 'freeParser') : undefined;
    return typeof fn === 'function' ? (fn as FreeParser) : null;
  } catch {
    return null;
  }
})();

/**
 * The listeners node:http's server puts on each connection, by the names Node gives them; its
 * upgrade path removes the same ones. Each holds the connection's state, which holds the request
 * until its response finishes: a stream's never does.
 */
const SERVER_LISTENERS = {
  data: 'bound socketOnData',
  end: 'bound socketOnEnd',
  close: 'bound socketOnClose',
  drain: 'bound socketOnDrain',
  error: 'socketOnError',
  timeout: 'socketOnTimeout',
} as const;

type Found = [event: string, listener: (...args: unknown[]) => void][];

function serverListeners(socket: Socket): Found | null {
  const found: Found = [];
  for (const [event, name] of Object.entries(SERVER_LISTENERS)) {
    const listener = socket.listeners(event).find((fn) => fn.name === name);
    if (!listener) return null;
    found.push([event, listener as (...args: unknown[]) => void]);
  }
  return found;
}

/**
 * Sends the response's head, then takes its socket out of node:http, as node:http does for an
 * upgrade: the parser goes back to Node's pool and the request, the response and Fastify's pair
 * are no longer reachable from the socket. Those are ~6 KB of a viewer's ~13 that a stream open
 * for hours never uses again (P7). The response must be a streaming one ending with its
 * connection (`connection: close`, no chunked framing), so that what follows the head is plain
 * bytes on the socket.
 *
 * Where Node's internals are not as this expects, nothing is touched and the response is returned:
 * the stream works the same and costs what it did.
 */
export async function detachStreamSocket(req: IncomingMessage, res: ServerResponse): Promise<StreamSink> {
  res.flushHeaders();
  // A handler can run inside the parser's pass over its request, and the parser files the
  // connection with the server's list again when that pass ends (server.close() would then find it
  // with no socket): it is let go only once the pass is over.
  await new Promise((resolve) => setImmediate(resolve));
  const socket = req.socket;
  const parser: unknown = Reflect.get(socket, 'parser');
  const listeners = serverListeners(socket);
  const queued = Reflect.get(res, 'outputSize');
  const ours = res.socket === socket && res.headersSent && queued === 0 && !socket.destroyed;
  if (!freeParser || !parser || !listeners || !ours) return res;

  for (const [event, listener] of listeners) socket.removeListener(event, listener);
  res.detachSocket(socket);
  freeParser(parser, req, socket);

  // Once out of node:http, the socket's ending is ours: half-open connections are not kept (the
  // server allows them for HTTP), an ended stream closes once its last frame is out, and anything
  // a client sends after its request is not an EventSource's.
  socket.on('error', () => undefined);
  socket.once('end', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.once('data', () => socket.destroy());
  socket.resume();
  return socket;
}
