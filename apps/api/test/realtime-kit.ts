/** Test helpers for the realtime tests (not part of the server build): a real SSE client over fetch. */
import { randomUUID } from 'node:crypto';
import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { useTestApp, type TestApp, type TestAppOptions } from './harness.js';
import { eventually } from './eventually.js';
import { API } from './http.js';
import { signedIn, type Auth } from './posts-kit.js';
import { comments } from '../src/db/schema.js';
import { approvedPost, unlock } from './reading-kit.js';
import { realtimeStats } from '../src/modules/realtime/realtime.routes.js';
import { publishPostEvent } from '../src/modules/realtime/post-events.js';

export type SseEvent = { id?: string; event: string; data: string };

/** Listens on a free loopback port and answers the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export const eventsUrl = (base: string, postId: string, token?: string, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams({ ...(token === undefined ? {} : { token }), ...extra }).toString();
  return `${base}${API}/posts/${postId}/events${query ? `?${query}` : ''}`;
};

/**
 * A minimal EventSource: parses the text/event-stream body of a streaming fetch the way the
 * WHATWG spec says (fields id, event, data, retry; comments; blank line dispatches), keeping
 * every event for the test to wait on.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  retry: number | undefined;
  /** Resolves when the server ends the stream (or the connection drops). */
  readonly ended: Promise<void>;
  readonly headers: Headers;
  private cursor = 0;
  private waiters: Array<() => void> = [];
  private done = false;

  private constructor(
    private readonly res: IncomingMessage,
    private readonly req: ClientRequest,
  ) {
    this.headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) this.headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    this.ended = this.pump().finally(() => {
      this.done = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /**
   * Opens the stream on a connection of its own (no pooling, so closing it closes the socket, as
   * a browser tab going away does); throws with the status and body when the server refuses it.
   */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = httpGet(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => reject(new Error(`stream refused: ${res.statusCode} ${body}`)));
          return;
        }
        resolve(new SseClient(res, req));
      });
      req.on('error', reject);
    });
  }

  get isEnded(): boolean {
    return this.done;
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    let current: { id?: string; event?: string; data: string[] } = { data: [] };
    try {
      for await (const chunk of this.res) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let newline: number;
        while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
          if (line === '') {
            if (current.data.length > 0 || current.event) {
              this.events.push({ id: current.id, event: current.event ?? 'message', data: current.data.join('\n') });
              for (const wake of this.waiters.splice(0)) wake();
            }
            current = { data: [] };
            continue;
          }
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') current.id = value;
          else if (field === 'event') current.event = value;
          else if (field === 'data') current.data.push(value);
          else if (field === 'retry') this.retry = Number(value);
        }
      }
    } catch {
      // Closed by close(), or the server dropped the connection: either way the stream ended.
    }
  }

  /** The next event (after those already taken) of one of `names`; rejects after `timeoutMs`. */
  async next(names: string | string[] = ['new_comment', 'vote_update'], timeoutMs = 3000): Promise<SseEvent> {
    const wanted = Array.isArray(names) ? names : [names];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.events.length) {
        const event = this.events[this.cursor++];
        if (event && wanted.includes(event.event)) return event;
      }
      if (this.done) throw new Error(`stream ended while waiting for ${wanted.join('/')}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${wanted.join('/')} event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The data events (not heartbeats) received so far. */
  dataEvents(): SseEvent[] {
    return this.events.filter((event) => event.event !== 'heartbeat');
  }

  /** Asserts quiet: no new data event arrives within `ms`. */
  async expectNothing(ms = 300): Promise<void> {
    const before = this.dataEvents().length;
    await new Promise((resolve) => setTimeout(resolve, ms));
    const after = this.dataEvents();
    if (after.length !== before) throw new Error(`unexpected events: ${JSON.stringify(after.slice(before))}`);
  }

  close(): void {
    this.req.destroy();
  }
}

// Server-side cleanup happens on the socket's close event: the realtime tests poll for it.
export { eventually };

export const streamsOpen = (app: TestApp) => realtimeStats(app.ctx).streams;

/** A signed-in reader who paid to unlock the post through the real route. */
export async function unlockedReader(app: TestApp, postId: string) {
  const reader = await signedIn(app, { coins: 100 });
  const res = await unlock(app, reader.auth, postId);
  if (res.statusCode !== 200) throw new Error(`unlock answered ${res.statusCode}: ${res.body}`);
  return { ...reader, token: tokenOf(reader.auth) };
}

export const tokenOf = (auth: Auth): string => (auth.authorization ?? '').replace(/^Bearer /, '');

/** An approved post with its author (who reads it free). */
export async function livePost(app: TestApp) {
  const author = await signedIn(app);
  const post = await approvedPost(app, author.user.id);
  return { post, author: { ...author, token: tokenOf(author.auth) } };
}

/** Stores a comment row, then records and fans out its event (the route records both in one statement). */
export async function commentEvent(
  app: FastifyInstance,
  postId: string,
  user: { id: string; username: string },
  content = `said at ${randomUUID()}`,
) {
  const [row] = await app.ctx.db.insert(comments).values({ postId, userId: user.id, content }).returning();
  if (!row) throw new Error('comment insert failed');
  await publishPostEvent(app.ctx, postId, {
    type: 'new_comment',
    data: {
      comment_id: row.id,
      content: row.content,
      user_id: row.userId,
      username: user.username,
      created_at: row.createdAt.toISOString(),
      parent_comment_id: null,
    },
  });
  return row;
}

export const voteEvent = (app: FastifyInstance, postId: string, voterId: string, count: number) =>
  publishPostEvent(app.ctx, postId, { type: 'vote_update', data: { new_vote_count: count, voter_id: voterId } });

export const json = <T = Record<string, unknown>>(event: SseEvent): T => JSON.parse(event.data) as T;

/**
 * The streaming tests' setup: one app for the file, listening on a loopback port (`base`).
 * Streams opened with the answered `open` are closed after each test, which then waits until
 * the server has let go of them; each balance must still match its ledger.
 */
export function useStreamingApp(
  ready: (made: { app: TestApp; base: string }) => void,
  options: TestAppOptions = {},
): { open: (url: string, headers?: Record<string, string>) => Promise<SseClient> } {
  let app: TestApp | undefined;
  const clients: SseClient[] = [];
  useTestApp(
    async (created) => {
      app = created;
      ready({ app, base: await listen(app) });
    },
    // The kit's comments and votes go straight into their tables, without their charges.
    { invariants: { spends: false }, ...options },
  );
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await eventually(() => !app || streamsOpen(app) === 0);
  });
  return {
    /** Opens a stream and remembers it, so a failing test leaves no socket behind. */
    open: async (url, headers = {}) => {
      const client = await SseClient.open(url, headers);
      clients.push(client);
      return client;
    },
  };
}
