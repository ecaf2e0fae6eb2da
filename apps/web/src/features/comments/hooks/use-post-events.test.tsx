import {
  REALTIME_MESSAGES,
  type Comment,
  type CommentList,
  type NewCommentEvent,
  type PostDetail,
} from '@kettle/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postDetailKey, reversalKey } from '@/features/posts/api/get-post';
import { AVA, BEN, makeComment, makeDetail } from '@/features/posts/testing/post-detail-kit';
import { currentUserKey } from '@/lib/current-user';
import { getSession, setTokens } from '@/lib/session';
import { json } from '@/testing';
import { commentsKey } from '../api/comments';
import { RealtimeStatus } from '../components/realtime-status';
import { FakeEventSource, installFakeEventSource } from '../testing/fake-event-source';
import { STALL_MS } from '../utils/post-event-stream';
import { usePostEvents } from './use-post-events';

function Live({ postId, enabled = true }: { postId: string; enabled?: boolean }) {
  return <RealtimeStatus state={usePostEvents(postId, enabled)} />;
}

/** A query client holding the signed-in reader, the post and its comment tree, as the page has them. */
function setup({ post = makeDetail(), comments = [] as Comment[], enabled = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, BEN);
  queryClient.setQueryData(postDetailKey(post.id, 'user'), post);
  queryClient.setQueryData<CommentList>(commentsKey(post.id), { comments, held: [] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Live postId={post.id} enabled={enabled} />
    </QueryClientProvider>,
  );
  return { queryClient, post, view, tree: () => queryClient.getQueryData<CommentList>(commentsKey(post.id))?.comments };
}

/** Lets the stream's token lookup (a promise) settle, so the EventSource is created. */
const settle = () => act(async () => undefined);

const event = (comment: Comment): NewCommentEvent => ({
  comment_id: comment.id,
  content: comment.content,
  user_id: comment.user_id,
  username: comment.username,
  created_at: comment.created_at,
  parent_comment_id: comment.parent_comment_id,
});

beforeEach(() => {
  setTokens('access-token', 'refresh-token');
  installFakeEventSource();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('usePostEvents', () => {
  it("opens the post's stream with the access token in the query and credentials, shows 'Live', and closes on unmount", async () => {
    const { post, view } = setup();
    await settle();

    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.latest;
    expect(source.url.split('?')[0]).toBe(`/api/v1/posts/${post.id}/events`);
    expect(source.param('token')).toBe('access-token');
    expect(source.withCredentials).toBe(true);
    act(() => source.open());
    expect(screen.getByText('Live')).toBeInTheDocument();

    view.unmount();
    expect(source.closed).toBe(true);
  });

  it('opens nothing when disabled (a visitor, or a locked post)', async () => {
    setup({ enabled: false });
    await settle();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
  });

  it('adds a new comment once, even when the tree has it already, and nests a reply under its parent', async () => {
    const parent = makeComment({ content: 'Parent' });
    const { tree } = setup({ comments: [parent] });
    await settle();
    const source = FakeEventSource.latest;
    act(() => source.open());

    // The author's own POST answer put it in the tree before its event arrived.
    act(() => source.emit('new_comment', event(parent)));
    expect(tree()).toEqual([parent]);

    const reply = makeComment({
      user_id: BEN.id,
      username: 'ben',
      content: 'Live reply',
      parent_comment_id: parent.id,
    });
    act(() => source.emit('new_comment', event(reply)));
    act(() => source.emit('new_comment', event(reply)));
    expect(tree()).toEqual([{ ...parent, replies: [{ ...reply, is_own: true }] }]);

    const top = makeComment({ content: 'Live top-level' });
    act(() => source.emit('new_comment', event(top)));
    expect(tree()?.map((c) => c.content)).toEqual(['Parent', 'Live top-level']);
    expect(tree()?.[1]?.is_own).toBe(false);
  });

  it('removes deleted comments and the replies under them from the tree, without a reload', async () => {
    const gone = makeComment({ content: 'Soon deleted' });
    const reply = makeComment({ content: 'Reply under it', parent_comment_id: gone.id });
    const stays = makeComment({ content: 'Stays' });
    const keptReply = makeComment({ content: 'Kept reply', parent_comment_id: stays.id });
    const { tree, queryClient, post } = setup({
      comments: [
        { ...gone, replies: [reply] },
        { ...stays, replies: [keptReply] },
      ],
    });
    await settle();
    const source = FakeEventSource.latest;
    act(() => source.open());

    act(() => source.emit('comment_deleted', { comment_ids: [gone.id, reply.id] }));
    expect(tree()).toEqual([{ ...stays, replies: [keptReply] }]);
    act(() => source.emit('comment_deleted', { comment_ids: [keptReply.id] }));
    expect(tree()).toEqual([{ ...stays, replies: [] }]);
    // Ids the tree does not have, or a malformed event, change nothing and fetch nothing.
    act(() => source.emit('comment_deleted', { comment_ids: [gone.id] }));
    act(() => source.emit('comment_deleted', { comment_ids: 'nope' }));
    expect(tree()).toEqual([{ ...stays, replies: [] }]);
    expect(queryClient.getQueryState(commentsKey(post.id))?.isInvalidated).toBe(false);
  });

  it('ignores malformed events, and reads the tree again for a reply whose parent it lacks', async () => {
    const { tree, queryClient, post } = setup({ comments: [] });
    await settle();
    const source = FakeEventSource.latest;
    act(() => source.open());

    act(() => source.emit('new_comment', { comment_id: 'not-a-uuid' }));
    expect(tree()).toEqual([]);
    expect(queryClient.getQueryState(commentsKey(post.id))?.isInvalidated).toBe(false);

    const orphan = makeComment({ parent_comment_id: 'ffffffff-ffff-4fff-8fff-ffffffffffff' });
    act(() => source.emit('new_comment', event(orphan)));
    expect(tree()).toEqual([]);
    expect(queryClient.getQueryState(commentsKey(post.id))?.isInvalidated).toBe(true);
  });

  it('applies vote_update to the cached post: count, can_vote and has_user_voted', async () => {
    const post = makeDetail({ vote_count: 3, can_vote: true, has_user_voted: false });
    const { queryClient } = setup({ post });
    // The same post cached by the reversal page, keyed by its original.
    queryClient.setQueryData(reversalKey('12121212-1212-4121-8121-121212121212', 'user'), post);
    await settle();
    const source = FakeEventSource.latest;
    act(() => source.open());

    act(() => source.emit('vote_update', { new_vote_count: 7, can_vote: false, has_voted: true }));
    for (const key of [postDetailKey(post.id, 'user'), reversalKey('12121212-1212-4121-8121-121212121212', 'user')]) {
      expect(queryClient.getQueryData<PostDetail>(key)).toMatchObject({
        vote_count: 7,
        can_vote: false,
        has_user_voted: true,
      });
    }
  });

  it('keeps the larger count and a recorded vote when vote_update events arrive out of order', async () => {
    const post = makeDetail({ vote_count: 3, can_vote: true, has_user_voted: false });
    const { queryClient } = setup({ post });
    await settle();
    const source = FakeEventSource.latest;
    act(() => source.open());

    act(() => source.emit('vote_update', { new_vote_count: 9, can_vote: false, has_voted: true }));
    act(() => source.emit('vote_update', { new_vote_count: 8, can_vote: true, has_voted: false }));
    expect(queryClient.getQueryData<PostDetail>(postDetailKey(post.id, 'user'))).toMatchObject({
      vote_count: 9,
      can_vote: false,
      has_user_voted: true,
    });
  });

  it("retries 5 times 3 s apart ('Connection error (attempt n/5)'), then 'Failed to establish connection' with Reconnect", async () => {
    vi.useFakeTimers();
    const { queryClient, post } = setup();
    await settle();
    expect(FakeEventSource.instances).toHaveLength(1);

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      act(() => FakeEventSource.latest.fail());
      expect(FakeEventSource.instances.at(-1)?.closed).toBe(true);
      expect(screen.getByText(REALTIME_MESSAGES.retrying(attempt, 5))).toBeInTheDocument();
      expect(screen.getByText(`Connection error (attempt ${attempt}/5)`)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(2_999));
      expect(FakeEventSource.instances).toHaveLength(attempt);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(FakeEventSource.instances).toHaveLength(attempt + 1);
    }

    act(() => FakeEventSource.latest.fail());
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to establish connection');
    expect(screen.queryByText(/Connection error/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(FakeEventSource.instances).toHaveLength(6);

    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await settle();
    expect(FakeEventSource.instances).toHaveLength(7);
    act(() => FakeEventSource.latest.open());
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
    // Whatever happened while it was down was not delivered: the tree and the post are read again.
    expect(queryClient.getQueryState(commentsKey(post.id))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(postDetailKey(post.id, 'user'))?.isInvalidated).toBe(true);
  });

  it('starts counting again after a successful reconnect', async () => {
    vi.useFakeTimers();
    const { queryClient, post } = setup();
    await settle();
    act(() => FakeEventSource.latest.open());
    expect(queryClient.getQueryState(commentsKey(post.id))?.isInvalidated).toBe(false);

    act(() => FakeEventSource.latest.fail());
    act(() => FakeEventSource.latest.fail());
    expect(screen.getByText('Connection error (attempt 1/5)')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    act(() => FakeEventSource.latest.fail());
    expect(screen.getByText('Connection error (attempt 2/5)')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    act(() => FakeEventSource.latest.open());
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(queryClient.getQueryState(commentsKey(post.id))?.isInvalidated).toBe(true);

    act(() => FakeEventSource.latest.fail());
    expect(screen.getByText('Connection error (attempt 1/5)')).toBeInTheDocument();
  });

  it('resumes after the last event received, so the server replays the gap instead of a refetch', async () => {
    vi.useFakeTimers();
    const { queryClient, post, tree } = setup();
    await settle();
    const first = FakeEventSource.latest;
    expect(first.param('lastEventId')).toBeNull();
    act(() => first.open());
    const seen = makeComment({ content: 'Seen live' });
    act(() => first.emit('new_comment', event(seen)));

    act(() => first.fail());
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    const second = FakeEventSource.latest;
    expect(second).not.toBe(first);
    expect(second.param('lastEventId')).toBe('1');
    act(() => second.open());
    expect(queryClient.getQueryState(commentsKey(post.id))?.isInvalidated).toBe(false);
    expect(tree()?.map((c) => c.content)).toEqual(['Seen live']);

    // A manual reconnect resumes too, and reads again in case the gap outlasted the replay log.
    for (let n = 0; n <= 5; n += 1) {
      act(() => FakeEventSource.latest.fail());
      await act(() => vi.advanceTimersByTimeAsync(3_000));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await settle();
    expect(FakeEventSource.latest.param('lastEventId')).toBe('1');
    act(() => FakeEventSource.latest.open());
    expect(queryClient.getQueryState(commentsKey(post.id))?.isInvalidated).toBe(true);
  });

  it('treats a connection that goes silent (no heartbeat) as dropped', async () => {
    vi.useFakeTimers();
    setup();
    await settle();
    act(() => FakeEventSource.latest.open());

    await act(() => vi.advanceTimersByTimeAsync(STALL_MS - 1_000));
    act(() => FakeEventSource.latest.emit('heartbeat', {}));
    await act(() => vi.advanceTimersByTimeAsync(STALL_MS - 1_000));
    expect(screen.getByText('Live')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('Connection error (attempt 1/5)')).toBeInTheDocument();
    expect(FakeEventSource.latest.closed).toBe(true);
  });

  it('renews an expired access token before opening, so the stream is not refused', async () => {
    const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
    const expired = jwt(Math.floor(Date.now() / 1000) - 60);
    const fresh = jwt(Math.floor(Date.now() / 1000) + 900);
    setTokens(expired, 'refresh-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const auth = new Headers(init?.headers).get('Authorization');
        if (url === '/api/v1/auth/refresh') {
          return json({
            accessToken: fresh,
            refreshToken: 'r2',
            access_token: fresh,
            refresh_token: 'r2',
            token_type: 'bearer',
          });
        }
        if (url === '/api/v1/auth/me') return auth === `Bearer ${fresh}` ? json(AVA) : json({ detail: 'expired' }, 401);
        return json({ detail: 'Not found' }, 404);
      }),
    );
    setup();
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.latest.param('token')).toBe(fresh);
    expect(getSession().accessToken).toBe(fresh);
  });
});
