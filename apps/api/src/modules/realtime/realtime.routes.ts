import type { OutgoingHttpHeaders } from 'node:http';
import { ERROR_CODES, REALTIME_MESSAGES, STATUS_FALLBACK, streamQuerySchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, tooManyRequests } from '../../lib/app-error.js';
import { logStreamOpened } from '../../plugins/request-log.js';
import {
  createRealtimeHub,
  RealtimeUnavailableError,
  type RealtimeHub,
  type RealtimeStats,
  type RealtimeStream,
} from './realtime-hub.js';
import { endStreamsOfClosedAccounts } from './account-closed.js';
import { detachStreamSocket } from './detach-socket.js';
import { createSseWriter, RETRY_MS } from './sse.js';
import { authorizeStream } from './stream-access.js';

const tags = ['realtime'];
const params = z.object({ id: z.string() });

const hubs = new WeakMap<AppContext, RealtimeHub>();
/** Open streams, posts with viewers and users holding streams in this process (tests, diagnostics). */
export const realtimeStats = (ctx: AppContext): RealtimeStats =>
  hubs.get(ctx)?.stats() ?? { streams: 0, channels: 0, users: 0 };

/** Last-Event-ID (header, or the query for clients that cannot set it): a post_events id, else none. */
function resumePoint(header: string | string[] | undefined, query: string | undefined): number | null {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query;
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * The client may leave while the hub is still opening its stream: the stream must not outlive it.
 * A class of its own, not variables of the handler: a closure the socket keeps would share the
 * handler's scope, and with it the request and response the stream lets go of (P7).
 */
class Departure {
  private gone = false;
  private stream: RealtimeStream | undefined;
  readonly leave = (): void => {
    this.gone = true;
    this.stream?.dispose();
  };
  /** Hands over the opened stream; false (and the stream disposed) if the client has gone. */
  arrived(stream: RealtimeStream): boolean {
    if (this.gone) stream.dispose();
    else this.stream = stream;
    return !this.gone;
  }
}

const unavailable = () => new AppError(503, ERROR_CODES.unavailable, STATUS_FALLBACK[503] ?? 'Service unavailable.');

/**
 * GET /posts/{id}/events: the post's live comments and votes as server-sent events (product.md §7,
 * architecture.md Realtime). The reply is hijacked to hold the socket open; Fastify's onSend
 * hooks no longer run, so the headers they would add are written here.
 */
export async function realtimeRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const hub = createRealtimeHub({
    db: ctx.db,
    bus: ctx.bus,
    log: root.log,
    heartbeatMs: ctx.config.realtime.heartbeatMs,
    maxStreamsPerUser: ctx.config.realtime.maxStreamsPerUser,
    onBroadcast: ctx.metrics.observeBroadcast,
  });
  hubs.set(ctx, hub);
  const stopClosures = endStreamsOfClosedAccounts(ctx.bus, hub);
  ctx.metrics.readStreams(() => hub.stats().streams);
  // preClose runs before the server stops accepting and waits for open connections: ending the
  // streams here is what lets app.close() finish (security.md X2). The browser reconnects.
  root.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  root.addHook('onClose', async () => {
    stopClosures();
    hub.close();
  });

  app.get('/:id/events', {
    config: { liveStream: true },
    schema: {
      tags,
      summary: 'Live comments and votes of tea {id} (text/event-stream)',
      errors: [429],
      description:
        'Events: new_comment, comment_deleted ({comment_ids}), vote_update (personalised), heartbeat. ' +
        'Each carries `id:`; reconnect with ' +
        'Last-Event-ID (or ?lastEventId=) to receive what was missed. The access token goes in ?token=.',
      params,
      querystring: streamQuerySchema,
    },
    handler: async (request, reply) => {
      const access = await authorizeStream(ctx, request.query.token, request.params.id);
      const release = hub.reserve(access.viewerId);
      if (!release) throw tooManyRequests(REALTIME_MESSAGES.tooManyStreams, RETRY_MS / 1000);
      const resumeFrom = resumePoint(request.headers['last-event-id'], request.query.lastEventId);

      const res = reply.raw;
      const departure = new Departure();
      res.once('close', () => {
        departure.leave();
        if (!res.writableFinished) res.destroy();
      });
      let stream: RealtimeStream;
      try {
        stream = await hub.join(access, resumeFrom, release);
      } catch (error) {
        if (error instanceof RealtimeUnavailableError) throw unavailable();
        throw error;
      }
      if (!departure.arrived(stream)) return reply.hijack();

      reply.hijack();
      // The security and CORS headers are on the reply (plugins/security.ts); none are on the raw
      // response, so writeHead keeps no header list for the stream's lifetime (P7).
      const headers: OutgoingHttpHeaders = {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        // Proxies such as nginx would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
        // EventSource opens a fresh connection to reconnect; closing this one when the stream
        // ends (shutdown included) means it never lingers as an idle keep-alive socket.
        connection: 'close',
      };
      // The stream ends with its connection, so its body needs no chunk framing: each event is
      // then one plain write per viewer, about half the fan-out's cost with framing (P7).
      res.useChunkedEncodingByDefault = false;
      res.writeHead(200, headers);
      request.raw.socket?.setNoDelay(true);
      // From here the stream writes to the socket alone; the request and response are let go (P7).
      const sink = await detachStreamSocket(request.raw, res);
      if (sink !== res) {
        sink.once('close', departure.leave);
        logStreamOpened(request, reply);
      }
      await hub.start(stream, createSseWriter(sink));
    },
  });
}
