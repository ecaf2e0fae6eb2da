import { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { collected } from '../../../test/collectable.js';
import { REDACT_PATHS, requestSerializer } from '../../lib/log-redaction.js';
import type { TestApp } from '../../../test/harness.js';
import {
  commentEvent,
  eventsUrl,
  eventually,
  json,
  livePost,
  streamsOpen,
  unlockedReader,
  useStreamingApp,
} from '../../../test/realtime-kit.js';

/** What Fastify hands the events route, held weakly: an open stream should hold none of it. */
const opened: { request: WeakRef<FastifyRequest>; reply: WeakRef<FastifyReply>; raw: WeakRef<object> }[] = [];
/** The server's log lines (info and up), as the production logger writes them. */
const lines: string[] = [];
let app: TestApp;
let base: string;
const { open } = useStreamingApp(
  (made) => {
    ({ app, base } = made);
  },
  {
    build: {
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk: Buffer, _encoding, callback) {
            lines.push(chunk.toString('utf8'));
            callback();
          },
        }),
        redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
        serializers: { req: requestSerializer },
      },
    },
    routes: (root) => {
      root.addHook('onRequest', async (request, reply) => {
        if (request.url.includes('/events')) {
          opened.push({ request: new WeakRef(request), reply: new WeakRef(reply), raw: new WeakRef(reply.raw) });
        }
      });
    },
  },
);

describe('what an open stream keeps of its opening (P7)', () => {
  it('lets go of its request and response, access token and URL with them, and still delivers', async () => {
    const { post, author } = await livePost(app);
    const reader = await unlockedReader(app, post.id);
    const stream = await open(eventsUrl(base, post.id, reader.token, { lastEventId: '0' }));
    await eventually(() => streamsOpen(app) === 1);

    const [refs] = opened.splice(0);
    if (!refs) throw new Error('the events route saw no request');
    expect(await collected(refs.request)).toBe(true);
    expect(await collected(refs.reply)).toBe(true);
    expect(await collected(refs.raw)).toBe(true);

    // Fastify never sees such a stream finish: its one access line is written as it opens.
    const access = lines.filter((line) => line.includes(`/posts/${post.id}/events`));
    expect(access).toHaveLength(1);
    expect(JSON.parse(access[0] ?? '{}')).toMatchObject({ msg: 'stream opened', res: { statusCode: 200 } });
    expect(access[0]).not.toContain(reader.token);

    await commentEvent(app, post.id, author.user, 'Still here');
    expect(json(await stream.next('new_comment', 1000))).toMatchObject({ content: 'Still here' });
  });
});
