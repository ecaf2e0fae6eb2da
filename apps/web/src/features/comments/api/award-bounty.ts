import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatCount, type BountyAwardResponse, type PostDetail } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { postListsKey } from '@/lib/post-keys';
import { toastSuccess } from '@/lib/toast-store';

export const awardBounty = (postId: string, commentId: string) =>
  api.post<BountyAwardResponse>(`/posts/${encodeURIComponent(postId)}/bounty/award`, { comment_id: commentId });

const isDetailOf = (data: unknown, id: string): data is PostDetail =>
  typeof data === 'object' && data !== null && 'id' in data && data.id === id && 'bounty_comment_id' in data;

/**
 * POST /posts/{id}/bounty/award. The server's post replaces every cached copy of its detail
 * (the post page and the reversal page key it differently), and lists read their cards again.
 * Whatever the outcome, the post is read again, so a bounty settled elsewhere shows as it is.
 */
export function useAwardBounty(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => awardBounty(postId, commentId),
    onSuccess: ({ message, post }) => {
      queryClient.setQueriesData({ queryKey: ['posts'] }, (data: unknown) => (isDetailOf(data, post.id) ? post : data));
      void queryClient.invalidateQueries({ queryKey: postListsKey });
      toastSuccess(`${formatCount(post.bounty)} Tea Coins went to the comment you chose.`, message);
    },
    onError: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === 'posts' && queryKey[1] !== 'list',
      }),
  });
}
