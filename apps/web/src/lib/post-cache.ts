import type { Query, QueryClient } from '@tanstack/react-query';
import type { PostCardList, PostDetail } from '@kettle/shared';
import { postListsKey } from './post-keys';

// Posts are cached by several features (posts, votes, reports, the live stream): the patches they
// apply to every cached copy of one post live here.

/**
 * True for a cached single post showing `postId`: the post page's ['posts', 'detail', id, viewer]
 * and the reversal page's ['posts', 'reversal', originalId, viewer], which is keyed by the
 * original's id, so it is matched by the post it holds.
 */
export const showsPost = (postId: string) => (query: Query) => {
  const [root, kind] = query.queryKey;
  if (root !== 'posts') return false;
  if (kind === 'detail') return query.queryKey[2] === postId;
  return kind === 'reversal' && (query.state.data as PostDetail | undefined)?.id === postId;
};

/** Writes `patch` into every cached copy of the post (and its vote count into list cards). */
export function patchCachedPost(queryClient: QueryClient, postId: string, patch: Partial<PostDetail>): void {
  // Votes are never withdrawn, and events recorded after concurrent commits can arrive out of
  // order: a count never goes down and a recorded vote never comes undone.
  queryClient.setQueriesData<PostDetail>({ predicate: showsPost(postId) }, (post) => {
    if (!post || post.id !== postId) return post;
    const next = { ...post, ...patch, vote_count: Math.max(post.vote_count, patch.vote_count ?? 0) };
    return post.has_user_voted ? { ...next, has_user_voted: true, can_vote: false } : next;
  });
  const { vote_count } = patch;
  if (vote_count === undefined) return;
  queryClient.setQueriesData<PostCardList>({ queryKey: postListsKey }, (list) =>
    list && list.data.some((card) => card.id === postId)
      ? {
          ...list,
          data: list.data.map((card) =>
            card.id === postId ? { ...card, vote_count: Math.max(card.vote_count, vote_count) } : card,
          ),
        }
      : list,
  );
}

/** Reads the post again wherever it is shown (after a vote or report the server has the last word). */
export const refetchCachedPost = (queryClient: QueryClient, postId: string) =>
  queryClient.invalidateQueries({ predicate: showsPost(postId) });
