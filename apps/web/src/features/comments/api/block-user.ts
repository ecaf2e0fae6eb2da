import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOCK_MESSAGES, type BlockedUser, type CommentList } from '@kettle/shared';
import { blocksKey } from '@/features/blocks/api/get-blocks';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { withoutUser } from '../utils/comment-tree';

export const blockUser = (userId: string) => api.post<BlockedUser>('/users/me/blocks', { user_id: userId });

/**
 * POST /users/me/blocks: the user's comments leave every cached tree at once, then every tree is
 * read again (the server hides the threads under them too). Undone in My Account.
 */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; username: string }) => blockUser(userId),
    onSuccess: (_blocked, { userId, username }) => {
      queryClient.setQueriesData<CommentList>({ queryKey: ['comments'] }, (list) =>
        list ? { ...list, comments: withoutUser(list.comments, userId) } : list,
      );
      toastSuccess(BLOCK_MESSAGES.blocked(username), 'User blocked');
      void queryClient.invalidateQueries({ queryKey: ['comments'] });
      // My Account's list of blocked users.
      void queryClient.invalidateQueries({ queryKey: blocksKey });
    },
  });
}
