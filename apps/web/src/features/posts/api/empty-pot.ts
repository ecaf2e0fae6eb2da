import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, EmptyPotResponse } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { currentUserKey } from '@/lib/current-user';
import { toastError, toastSuccess } from '@/lib/toast-store';

/** product.md §8: the title of the failure notice, and its text when the API sent none. */
export const EMPTY_POT_FAILED = { title: 'Failed to Empty Pot', description: 'Failed to empty the pot' } as const;

export const emptyPot = (id: string) => api.delete<EmptyPotResponse>(`/posts/${encodeURIComponent(id)}/empty-pot`);

const showsPost =
  (id: string) =>
  ({ queryKey }: { queryKey: readonly unknown[] }) =>
    queryKey[0] === 'posts' && (queryKey[1] === 'detail' || queryKey[1] === 'reversal') && queryKey.includes(id);

/**
 * DELETE /posts/{id}/empty-pot. On success: the new balance goes into the current user, the
 * notice shows, `leave` runs (off the emptied post's page), and only then are the post's own
 * caches dropped and every post list refreshed, so its page never flashes 'Post Not Found'.
 * The notices live here, not in `mutate` callbacks, which do not run once the page has gone.
 */
export function useEmptyPot({ leave }: { leave?: () => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emptyPot,
    onSuccess: async ({ message, coin_balance }, id) => {
      queryClient.setQueryData<CurrentUser>(currentUserKey, (user) => (user ? { ...user, coin_balance } : user));
      toastSuccess(message, 'Pot Emptied');
      await leave?.();
      queryClient.removeQueries({ predicate: showsPost(id) });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
    onError: (error) => toastError(apiErrorMessage(error, EMPTY_POT_FAILED.description), EMPTY_POT_FAILED.title),
  });
}
