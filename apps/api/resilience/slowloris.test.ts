/**
 * X5: slowloris and body limits against the production build. RESILIENCE.slowloris.connections
 * sockets each send a request line and then one header byte every byteEveryMs, never finishing their
 * headers, while normal clients read /api/v1/posts: the normal clients' p99 stays under normalP99Ms
 * and the server itself drops every slow socket (a 408 from Node's request and headers timeouts), so
 * an attacker has to keep opening sockets rather than hold them. Then the JSON body limit (100 KB,
 * app.ts bodyLimit): 101 KB and 10 MB answer 413, 99 KB reaches the route's validation.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { ensureServerBuilt } from './built-server.js';
import { RESILIENCE } from './config.js';

const L = RESILIENCE.slowloris;
let server: ServerProcess;

type Slow = { socket: Socket; openedAt: number; closedAt?: number; answer: string; bytes: number };

/** Opens a socket that starts a request and then trickles one header byte every byteEveryMs. */
function slowClient(port: number): Promise<Slow> {
  return new Promise((ready, fail) => {
    const socket = connect(port, '127.0.0.1');
    const slow: Slow = { socket, openedAt: 0, answer: '', bytes: 0 };
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (slow.answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      slow.closedAt ??= Date.now();
    });
    socket.once('connect', () => {
      slow.openedAt = Date.now();
      socket.write('GET /api/v1/posts/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      timer = setInterval(() => {
        if (socket.writable) socket.write('a', () => (slow.bytes += 1));
      }, L.byteEveryMs);
      ready(slow);
    });
    socket.once('error', fail);
  });
}

/** The normal clients: each fetches the list again as soon as the last answer arrived. */
function normalClients(origin: string, running: () => boolean) {
  const times: number[] = [];
  const failures: string[] = [];
  const client = async () => {
    while (running()) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/v1/posts/?skip=0&limit=10`, { signal: AbortSignal.timeout(10_000) }).catch(
        (error: unknown) => error as Error,
      );
      if (res instanceof Error) failures.push(res.message);
      else if (!res.ok) failures.push(`status ${res.status}`);
      else await res.arrayBuffer();
      times.push(performance.now() - started);
    }
  };
  const done = Promise.all(Array.from({ length: L.normalClients }, client));
  return { times, failures, done };
}

/** Declares a JSON body of `bytes`, sends its first 64 KB, and resolves with the answer's status line. */
function declareBody(port: number, bytes: number): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => (answer ? done(answer.split('\r\n')[0] ?? '') : fail(new Error('closed unanswered'))));
    socket.setTimeout(10_000, () => socket.destroy());
    socket.once('connect', () => {
      socket.write(
        `POST /api/v1/auth/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${bytes}\r\nConnection: close\r\n\r\n{"username":"${'u'.repeat(64 * 1024)}`,
      );
    });
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

beforeAll(async () => {
  ensureServerBuilt();
  server = await startServerProcess({ SEED_DEMO_USERS: 'false', SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'warn' });
});
afterAll(async () => {
  await server?.stop();
});

describe('slow clients and large bodies', () => {
  it('drops every header-trickling socket while normal clients keep their p99', async () => {
    const port = Number(new URL(server.origin).port);
    const slow = await Promise.all(Array.from({ length: L.connections }, () => slowClient(port)));
    const started = Date.now();
    const deadline = started + L.dropWithinMs;
    const allDropped = () => slow.every((s) => s.closedAt !== undefined);
    const normal = normalClients(server.origin, () => !allDropped() && Date.now() < deadline);
    await normal.done;
    for (const s of slow) s.socket.destroy();

    const lived = slow.map((s) => (s.closedAt ?? Date.now()) - s.openedAt);
    const p99 = percentile(normal.times, 99);
    const dropped = slow.filter((s) => s.answer.startsWith('HTTP/1.1 408'));
    console.log(
      `slowloris: ${dropped.length}/${slow.length} slow sockets answered 408 and closed after ` +
        `${(Math.min(...lived) / 1000).toFixed(1)}–${(Math.max(...lived) / 1000).toFixed(1)} s ` +
        `(${slow.reduce((n, s) => n + s.bytes, 0)} header bytes trickled); normal clients: ${normal.times.length} ` +
        `requests, p50 ${percentile(normal.times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `max ${normal.times.reduce((top, ms) => Math.max(top, ms), 0).toFixed(1)} ms, ${normal.failures.length} failed`,
    );
    // The server closed them (a 408 first), not our cleanup: the slow sockets were still sending.
    expect(dropped.length).toBe(L.connections);
    expect(Math.max(...lived)).toBeLessThan(L.dropWithinMs);
    expect(normal.failures).toEqual([]);
    expect(normal.times.length).toBeGreaterThan(100);
    expect(p99).toBeLessThan(L.normalP99Ms);
  });

  it('refuses JSON bodies over 100 KB with 413 and lets 99 KB reach validation', async () => {
    const post = (kb: number) =>
      // Registration keeps the app-wide limit (contact and reports set smaller ones of their own).
      fetch(`${server.origin}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'x@example.com', username: 'u'.repeat(kb * 1024 - 60), password: 'p' }),
        signal: AbortSignal.timeout(10_000),
      });
    const under = await post(99);
    expect([400, 422]).toContain(under.status);
    expect((await post(101)).status).toBe(413);
    // 10 MB declared: the answer comes before the body (a client writing on would get EPIPE).
    expect(await declareBody(Number(new URL(server.origin).port), 10 * 1024 * 1024)).toBe(
      'HTTP/1.1 413 Payload Too Large',
    );
    // The server is still answering after the refusals.
    expect((await fetch(`${server.origin}/api/ready`)).status).toBe(200);
  });
});
