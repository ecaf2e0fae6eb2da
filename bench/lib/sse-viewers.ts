// The viewers of the SSE bench (bench/sse.ts), in a process of their own so that the server's
// memory is the server's: one raw socket per viewer (an EventSource's request, no client library),
// each reading its stream and noting when each bench comment arrives. Forked with its parent's
// Node options, it keeps to TypeScript Node itself can strip and imports nothing of ours.
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/** What bench/sse.ts asks of the viewers. */
type Message =
  | { type: 'open'; host: string; port: number; paths: string[]; concurrency: number }
  | { type: 'sent'; n: number; at: number }
  | { type: 'report' }
  | { type: 'close' };

const sockets: Socket[] = [];
/** comment number -> time it was sent (the parent says so just before it posts) */
const sentAt = new Map<number, number>();
const latencies: number[] = [];
let received = 0;
let streamsOpen = 0;
let streamsFailed = 0;

const now = () => performance.timeOrigin + performance.now();
const MARK = /"content":"bench-(\d+)"/g;

/** Opens one stream; resolves true once the 200 arrives, false when refused or dropped first. */
function openStream(target: { host: string; port: number; path: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(target.port, target.host);
    let answered = false;
    let tail = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      socket.write(`GET ${target.path} HTTP/1.1\r\nHost: ${target.host}\r\nAccept: text/event-stream\r\n\r\n`);
    });
    socket.on('data', (chunk: string) => {
      const t = now();
      if (!answered) {
        answered = true;
        const ok = chunk.startsWith('HTTP/1.1 200');
        if (!ok) socket.destroy();
        resolve(ok);
      }
      // Frames are short; keeping the end of the last chunk joins a frame cut in two.
      const text = tail + chunk;
      for (const match of text.matchAll(MARK)) {
        const sent = sentAt.get(Number(match[1]));
        if (sent !== undefined && match.index + match[0].length > tail.length) {
          received += 1;
          latencies.push(t - sent);
        }
      }
      tail = text.slice(-64);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!answered) resolve(false);
    });
    sockets.push(socket);
  });
}

async function openAll(message: Extract<Message, { type: 'open' }>) {
  const started = now();
  let next = 0;
  const worker = async () => {
    while (next < message.paths.length) {
      const path = message.paths[next++] ?? '';
      if (await openStream({ host: message.host, port: message.port, path })) streamsOpen += 1;
      else streamsFailed += 1;
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, worker));
  return { streamsOpen, streamsFailed, ms: now() - started };
}

process.on('message', async (message: Message) => {
  if (message.type === 'open') process.send?.({ type: 'opened', ...(await openAll(message)) });
  if (message.type === 'sent') {
    sentAt.set(message.n, message.at);
    process.send?.({ type: 'ack' });
  }
  if (message.type === 'report') {
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
    process.send?.({ type: 'report', received, p50: at(50), p99: at(99), max: sorted.at(-1) });
  }
  if (message.type === 'close') {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});
// The scenario's server process gone (a killed run), there is nothing left to view.
process.on('disconnect', () => process.exit(1));
