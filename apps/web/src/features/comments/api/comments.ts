import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  COMMENT_MESSAGES,
  TIMINGS,
  type Comment,
  type CommentCreated,
  type CommentCreateInput,
  type CommentHeld,
  type CommentList,
  type CurrentUser,
} from '@kettle/shared';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { toastSuccess } from '@/lib/toast-store';
import { insertComment, withoutComments } from '../utils/comment-tree';

/** ['comments', postId]: one tree per post, shared by the post, reversal and admin pages. */
export const commentsKey = (postId: string) => ['comments', postId] as const;

export const getComments = (postId: string, signal?: AbortSignal) =>
  api.get<CommentList>(`/posts/${encodeURIComponent(postId)}/comments`, undefined, signal);

/** product.md §7 caching: comments are stale after 30 seconds and refetched every 5 minutes. */
export const commentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: commentsKey(postId),
    queryFn: ({ signal }) => getComments(postId, signal),
    staleTime: TIMINGS.commentsStale,
    refetchInterval: TIMINGS.commentsRefetch,
  });

export function useComments(postId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...commentsQueryOptions(postId), enabled: options.enabled ?? true });
}

/**
 * Puts one comment into the post's cached tree: once (the author's POST answer and the realtime
 * event carry the same id), under its parent for a reply. A reply whose parent this reader does
 * not have makes the tree be read again instead of guessing where it goes.
 */
export function addCommentToCache(queryClient: QueryClient, postId: string, comment: Comment): void {
  const key = commentsKey(postId);
  const list = queryClient.getQueryData<CommentList>(key);
  // Not loaded (or loading): the fetch under way brings the comment with it.
  if (!list) return;
  const result = insertComment(list.comments, comment);
  if (result.status === 'inserted') queryClient.setQueryData<CommentList>(key, { ...list, comments: result.comments });
  else if (result.status === 'orphan') void queryClient.invalidateQueries({ queryKey: key });
}

/** Takes deleted comments (and their replies) out of the cached tree, if it holds any of them. */
export function removeCommentsFromCache(queryClient: QueryClient, postId: string, ids: readonly string[]): void {
  const key = commentsKey(postId);
  const list = queryClient.getQueryData<CommentList>(key);
  if (!list) return;
  const next = withoutComments(list.comments, new Set(ids));
  if (next !== list.comments) queryClient.setQueryData<CommentList>(key, { ...list, comments: next });
}

/** 201 with the comment, or 202 with the comment the privacy guard held for a moderator. */
export const createComment = (postId: string, input: CommentCreateInput) =>
  api.post<CommentCreated | CommentHeld>(`/posts/${encodeURIComponent(postId)}/comments`, input);

/**
 * POST /posts/{id}/comments (10 coins): the comment goes into the tree at once (or, held, into the
 * writer's own "waiting for review" list) and the header balance follows the server's answer.
 * Failures are the caller's to show (it keeps the text).
 */
export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentCreateInput) => createComment(postId, input),
    onSuccess: (answer) => {
      const { coin_balance } = answer;
      queryClient.setQueryData<CurrentUser>(currentUserKey, (user) => (user ? { ...user, coin_balance } : user));
      if ('held' in answer) {
        queryClient.setQueryData<CommentList>(commentsKey(postId), (list) =>
          list ? { ...list, held: [...list.held, answer.held] } : list,
        );
        toastSuccess(answer.message, COMMENT_MESSAGES.waiting);
        return;
      }
      addCommentToCache(queryClient, postId, answer.comment);
      toastSuccess(COMMENT_MESSAGES.added.description, COMMENT_MESSAGES.added.title);
    },
  });
}

export const deleteComment = (id: string) => api.delete<void>(`/comments/${encodeURIComponent(id)}`);

/** DELETE /comments/{id} (the author or an admin); the post's tree is read again. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => {
      toastSuccess(COMMENT_MESSAGES.deleted);
      return queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
    },
  });
}
