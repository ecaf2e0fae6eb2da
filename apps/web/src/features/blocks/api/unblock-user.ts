import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOCK_MESSAGES, type BlockList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { blocksKey } from './get-blocks';

/** The username only words the notice; the server needs the id. */
export type UnblockTarget = { user_id: string; username: string };

export const unblockUser = ({ user_id }: UnblockTarget) =>
  api.delete<BlockList | undefined>(`/users/me/blocks/${encodeURIComponent(user_id)}`);

const isBlockList = (value: unknown): value is BlockList =>
  typeof value === 'object' && value !== null && Array.isArray((value as { blocks?: unknown }).blocks);

/**
 * DELETE /users/me/blocks/{userId}: the user leaves the list at once (the server's list when it
 * answers with one), and every comment tree is read again with their comments back in it.
 */
export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: (answer, target) => {
      queryClient.setQueryData<BlockList>(blocksKey, (current) => {
        if (isBlockList(answer)) return answer;
        return current ? { blocks: current.blocks.filter((b) => b.user_id !== target.user_id) } : current;
      });
      toastSuccess(BLOCK_MESSAGES.unblocked(target.username));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: blocksKey }),
        queryClient.invalidateQueries({ queryKey: ['comments'] }),
      ]);
    },
  });
}
