import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VOTE_MESSAGES, type CurrentUser, type VoteResponse } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { patchCachedPost, refetchCachedPost } from '@/lib/post-cache';
import { toastError, toastSuccess } from '@/lib/toast-store';

export const upvotePost = (postId: string) => api.post<VoteResponse>(`/posts/${encodeURIComponent(postId)}/vote`);

/** The API's own reason (already voted, own tea, not enough coins); the catalogue's for a server or network failure. */
const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.status < 500 && error.message ? error.message : VOTE_MESSAGES.failed.description;

/**
 * POST /posts/{id}/vote (5 coins, once): the count and the button's state change at once from
 * the answer, the header balance follows, and the post is read again (product.md §7). A refusal reads
 * the post again too: a 409 means this reader had voted already, in another tab perhaps.
 */
export function useUpvotePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => upvotePost(postId),
    onSuccess: ({ vote_count, has_user_voted, can_vote, coin_balance }) => {
      patchCachedPost(queryClient, postId, { vote_count, has_user_voted, can_vote });
      queryClient.setQueryData<CurrentUser>(currentUserKey, (user) => (user ? { ...user, coin_balance } : user));
      toastSuccess(VOTE_MESSAGES.upvoted.description, VOTE_MESSAGES.upvoted.title);
      void refetchCachedPost(queryClient, postId);
    },
    onError: (error) => {
      toastError(failureMessage(error), VOTE_MESSAGES.failed.title);
      if (error instanceof ApiError && error.status === 409) void refetchCachedPost(queryClient, postId);
    },
  });
}
