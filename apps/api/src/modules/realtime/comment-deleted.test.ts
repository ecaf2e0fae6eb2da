import type { CommentCreated } from '@kettle/shared';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { signedIn, type Auth } from '../../../test/posts-kit.js';
import { decideCall, reportCommentCall, reportRows } from '../../../test/reports-kit.js';
import { eventsOf } from '../../../test/conversation-kit.js';
import { eventsUrl, json, livePost, unlockedReader, useStreamingApp } from '../../../test/realtime-kit.js';

/**
 * Issue 10, item 4: a deleted comment leaves the replay log with its replies, and every viewer
 * is told which ids went, live and on resume. Over Redis when TEST_REDIS_URL is set.
 */
let app: TestApp;
let base: string;
const { open } = useStreamingApp((made) => {
  ({ app, base } = made);
});

async function comment(auth: Auth, postId: string, content: string, parent: string | null = null) {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/posts/${postId}/comments`,
    headers: auth,
    payload: { content, parent_comment_id: parent },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CommentCreated>().comment;
}

const remove = (auth: Auth, id: string) =>
  app.inject({ method: 'DELETE', url: `${API}/comments/${id}`, headers: auth });

/** A thread: a comment with a reply and a reply to that, plus a comment that stays. */
async function thread() {
  const { post, author } = await livePost(app);
  const talker = await unlockedReader(app, post.id);
  const other = await unlockedReader(app, post.id);
  const root = await comment(talker.auth, post.id, 'SECRET-ROOT says the boss lied');
  const reply = await comment(other.auth, post.id, 'SECRET-REPLY agrees', root.id);
  const deep = await comment(talker.auth, post.id, 'SECRET-DEEP adds more', reply.id);
  const kept = await comment(other.auth, post.id, 'This one stays');
  return { post, author, talker, other, root, reply, deep, kept };
}

describe('deleting a comment on the live stream', () => {
  it('a reader resuming with Last-Event-ID after a delete gets no trace of the text, and gets comment_deleted', async () => {
    const { post, talker, root, reply, deep, kept } = await thread();
    const reader = await unlockedReader(app, post.id);
    expect((await remove(talker.auth, root.id)).statusCode).toBe(204);
    expect((await eventsOf(app, post.id, 'new_comment')).map((row) => row.payload)).toEqual([
      expect.objectContaining({ comment_id: kept.id }),
    ]);

    // Resuming from before the thread began: the replay covers every event of this post.
    const resumed = await open(eventsUrl(base, post.id, reader.token), { 'last-event-id': '1' });
    const deleted = await resumed.next('comment_deleted');
    await resumed.expectNothing(200);
    const raw = resumed.events.map((event) => event.data).join('\n');
    for (const text of ['SECRET-ROOT', 'SECRET-REPLY', 'SECRET-DEEP']) expect(raw).not.toContain(text);
    expect(
      resumed
        .dataEvents()
        .filter((event) => event.event === 'new_comment')
        .map((e) => json(e).comment_id),
    ).toEqual([kept.id]);
    expect(new Set(json<{ comment_ids: string[] }>(deleted).comment_ids)).toEqual(
      new Set([root.id, reply.id, deep.id]),
    );
  });

  it('a live viewer gets comment_deleted with the comment and every reply under it', async () => {
    const { post, author, other, root, reply, deep } = await thread();
    const viewer = await open(eventsUrl(base, post.id, author.token));
    // The middle reply's own author deletes it; the reply under it goes too.
    expect((await remove(other.auth, reply.id)).statusCode).toBe(204);
    const event = await viewer.next('comment_deleted', 1000);
    expect(json<{ comment_ids: string[] }>(event).comment_ids.sort()).toEqual([reply.id, deep.id].sort());
    expect(event.id).toMatch(/^\d+$/);
    expect((await eventsOf(app, post.id, 'new_comment')).map((row) => row.payload)).not.toContainEqual(
      expect.objectContaining({ comment_id: reply.id }),
    );
    expect((await eventsOf(app, post.id, 'new_comment')).map((row) => row.payload)).toContainEqual(
      expect.objectContaining({ comment_id: root.id }),
    );
  });

  it('a refused delete (not the author) removes nothing from the log and sends nothing', async () => {
    const { post, author, other, root } = await thread();
    const viewer = await open(eventsUrl(base, post.id, author.token));
    expect((await remove(other.auth, root.id)).statusCode).toBe(403);
    await viewer.expectNothing(300);
    expect(await eventsOf(app, post.id, 'new_comment')).toHaveLength(4);
    expect(await eventsOf(app, post.id, 'comment_deleted')).toHaveLength(0);
  });

  it('removing a comment from the reports desk clears it the same way', async () => {
    const { post, author, other, root, reply, deep } = await thread();
    const admin = await signedIn(app, { isAdmin: true });
    const viewer = await open(eventsUrl(base, post.id, author.token));
    const reported = await reportCommentCall(app, other.auth, root.id);
    expect(reported.statusCode, reported.body).toBe(201);
    const [row] = (await reportRows(app)).filter((report) => report.commentId === root.id);
    const decided = await decideCall(app, admin.auth, row?.id ?? '', { status: 'approved', remove_post: true });
    expect(decided.statusCode, decided.body).toBe(200);
    const event = await viewer.next('comment_deleted', 1000);
    expect(new Set(json<{ comment_ids: string[] }>(event).comment_ids)).toEqual(new Set([root.id, reply.id, deep.id]));
    const left = (await eventsOf(app, post.id, 'new_comment')).map((e) => JSON.stringify(e.payload)).join();
    expect(left).not.toContain('SECRET');
  });
});
