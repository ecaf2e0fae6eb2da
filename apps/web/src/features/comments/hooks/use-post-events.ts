import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { commentOfEvent, type CurrentUser, type NewCommentEvent, type VoteUpdateEvent } from '@kettle/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentUserKey } from '@/lib/current-user';
import { patchCachedPost, refetchCachedPost } from '@/lib/post-cache';
import { addCommentToCache, commentsKey, removeCommentsFromCache } from '../api/comments';
import type { StreamStatus } from '../utils/post-event-stream';

// The stream and the schemas that check its events load only for a reader who may open one: a
// visitor's post page never needs them (goal F2).
const loadStream = () => import('../utils/post-event-stream');

export type PostEventsState = (StreamStatus | { status: 'idle'; attempt: 0 }) & {
  /** Opens the stream again after it failed (the 'Reconnect' button). */
  reconnect: () => void;
};

/** product.md §4 'Comments': a new comment joins the cached tree once, a reply under its parent. */
function applyNewComment(queryClient: QueryClient, postId: string, event: NewCommentEvent): void {
  // Comments by users this reader blocked never arrive: the server filters them per stream.
  const me = queryClient.getQueryData<CurrentUser>(currentUserKey);
  addCommentToCache(queryClient, postId, commentOfEvent(event, me?.id === event.user_id));
}

/** product.md §4 'Voting': the count and this reader's own vote state, as the stream personalised them. */
const applyVoteUpdate = (queryClient: QueryClient, postId: string, event: VoteUpdateEvent) =>
  patchCachedPost(queryClient, postId, {
    vote_count: event.new_vote_count,
    can_vote: event.can_vote,
    has_user_voted: event.has_voted,
  });

/**
 * Live updates of one post while its page is open (product.md §7 'Realtime'): new comments, deleted
 * comments and vote counts go straight into the cached tree and post. Only for a reader who may read the
 * conversation (`enabled`: signed in, post unlocked); never for visitors or locked posts.
 * Closed on unmount. After a failure the 'Reconnect' button, or the browser coming back
 * online, opens it again.
 */
export function usePostEvents(postId: string, enabled: boolean): PostEventsState {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>({ status: 'connecting', attempt: 0 });
  const [generation, setGeneration] = useState(0);
  const supported = typeof EventSource !== 'undefined';
  const active = enabled && supported;
  // Kept across manual reconnects, so even those resume where the last stream stopped.
  const lastEventId = useRef<string | null>(null);

  useEffect(() => {
    if (!active) return;
    let stream: { close: () => void } | null = null;
    let closed = false;
    void loadStream().then(({ openPostEventStream }) => {
      if (closed) return;
      stream = openPostEventStream(
        postId,
        {
          onStatus: setStatus,
          onNewComment: (event) => applyNewComment(queryClient, postId, event),
          onCommentDeleted: (event) => removeCommentsFromCache(queryClient, postId, event.comment_ids),
          onVoteUpdate: (event) => applyVoteUpdate(queryClient, postId, event),
          onResync: () => {
            void queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
            void refetchCachedPost(queryClient, postId);
          },
          onEventId: (id) => {
            lastEventId.current = id;
          },
        },
        { resume: generation > 0, lastEventId: lastEventId.current },
      );
    });
    return () => {
      closed = true;
      stream?.close();
    };
  }, [active, postId, generation, queryClient]);

  const reconnect = useCallback(() => setGeneration((n) => n + 1), []);

  const failed = active && status.status === 'failed';
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', reconnect);
    return () => window.removeEventListener('online', reconnect);
  }, [failed, reconnect]);

  return active ? { ...status, reconnect } : { status: 'idle', attempt: 0, reconnect };
}
