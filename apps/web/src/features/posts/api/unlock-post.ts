import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POST_CARD_MESSAGES, type CurrentUser, type PostCardList, type UnlockResponse } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { postListsKey } from '@/lib/post-keys';
import { toastSuccess } from '@/lib/toast-store';

export const unlockPost = (id: string) => api.post<UnlockResponse>(`/posts/${encodeURIComponent(id)}/unlock`);

/**
 * Unlocks one post: on success the server's post (full content, real handle) replaces the card
 * in every cached list page, and the new balance goes into the current user.
 */
export function useUnlockPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockPost,
    onSuccess: ({ post, coin_balance }) => {
      queryClient.setQueriesData<PostCardList>({ queryKey: postListsKey }, (list) =>
        list ? { ...list, data: list.data.map((card) => (card.id === post.id ? post : card)) } : list,
      );
      queryClient.setQueryData<CurrentUser>(currentUserKey, (user) => (user ? { ...user, coin_balance } : user));
      // Anything else that shows this post or the balance reads it again when next shown.
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === 'posts' && queryKey[1] !== 'list' && queryKey.includes(post.id),
      });
      toastSuccess(POST_CARD_MESSAGES.unlocked, 'Post Unlocked!');
    },
  });
}
