import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { signedIn, type Auth } from '../../../test/posts-kit.js';
import {
  commentEvent,
  eventsUrl,
  eventually,
  livePost,
  streamsOpen,
  unlockedReader,
  useStreamingApp,
} from '../../../test/realtime-kit.js';

let app: TestApp;
let base: string;
let admin: { auth: Auth } | undefined;
const { open } = useStreamingApp((made) => {
  ({ app, base } = made);
});

const adminAuth = async () => (admin ??= await signedIn(app, { isAdmin: true })).auth;

/** A reader's stream and a bystander's on the same tea: only the closed account's may end. */
async function twoViewers() {
  const { post, author } = await livePost(app);
  const reader = await unlockedReader(app, post.id);
  const bystander = await unlockedReader(app, post.id);
  const readerStream = await open(eventsUrl(base, post.id, reader.token));
  const bystanderStream = await open(eventsUrl(base, post.id, bystander.token));
  await eventually(() => streamsOpen(app) === 2);
  return { post, author, reader, readerStream, bystanderStream };
}

describe('live streams end when their account may no longer read', () => {
  it('a ban ends the banned reader’s open stream, and only theirs', async () => {
    const { post, author, reader, readerStream, bystanderStream } = await twoViewers();
    const res = await app.inject({
      method: 'POST',
      url: `${API}/admin/users/${reader.user.id}/actions`,
      headers: await adminAuth(),
      payload: { kind: 'ban', rule: 'respect', message: 'Threats.' },
    });
    expect(res.statusCode).toBe(201);
    await readerStream.ended;
    expect(bystanderStream.isEnded).toBe(false);
    await commentEvent(app, post.id, author.user, 'still here');
    expect((await bystanderStream.next('new_comment', 2000)).data).toContain('still here');
    expect(readerStream.events.some((event) => event.event === 'new_comment')).toBe(false);
    await eventually(() => streamsOpen(app) === 1);
    // Reopening is refused: the stream reads the account again.
    await expect(open(eventsUrl(base, post.id, reader.token))).rejects.toThrow(/403/);
  });

  it('a deactivation ends the account’s open stream', async () => {
    const { reader, readerStream, bystanderStream } = await twoViewers();
    const res = await app.inject({
      method: 'PUT',
      url: `${API}/admin/users/${reader.user.id}/status`,
      headers: await adminAuth(),
      payload: { is_active: false },
    });
    expect(res.statusCode).toBe(200);
    await readerStream.ended;
    expect(bystanderStream.isEnded).toBe(false);
  });

  it('deleting the account ends its open stream', async () => {
    const { reader, readerStream, bystanderStream } = await twoViewers();
    const res = await app.inject({
      method: 'DELETE',
      url: `${API}/users/me`,
      headers: reader.auth,
      payload: { password: reader.user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    await readerStream.ended;
    expect(bystanderStream.isEnded).toBe(false);
  });
});
