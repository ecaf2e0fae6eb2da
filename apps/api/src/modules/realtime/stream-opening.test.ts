import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
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

/** Every request of the events route, as Fastify hands it over. */
const opened: FastifyRequest[] = [];
let app: TestApp;
let base: string;
const { open } = useStreamingApp(
  (made) => {
    ({ app, base } = made);
  },
  {
    routes: (root) => {
      root.addHook('onRequest', async (request) => {
        if (request.url.includes('/events')) opened.push(request);
      });
    },
  },
);

describe('what an open stream keeps of its opening (P7)', () => {
  it('holds neither the access token nor the URL carrying it, and still delivers', async () => {
    const { post, author } = await livePost(app);
    const reader = await unlockedReader(app, post.id);
    const stream = await open(eventsUrl(base, post.id, reader.token, { lastEventId: '0' }));
    await eventually(() => streamsOpen(app) === 1);

    const [request] = opened.splice(0);
    expect(request?.raw.url).toBe(`${API}/posts/${post.id}/events`);
    expect(request?.params).toEqual({ id: post.id });
    expect(request?.query).toEqual({});

    await commentEvent(app, post.id, author.user, 'Still here');
    expect(json(await stream.next('new_comment', 1000))).toMatchObject({ content: 'Still here' });
  });
});
