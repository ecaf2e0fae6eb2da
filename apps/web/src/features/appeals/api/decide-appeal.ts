import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPEAL_MESSAGES, type Appeal, type AppealDecisionInput } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { appealsKey } from './keys';

export type DecideAppealVariables = { id: string; decision: AppealDecisionInput };

export const decideAppeal = ({ id, decision }: DecideAppealVariables) =>
  api.put<Appeal>(`/admin/appeals/${encodeURIComponent(id)}`, decision);

/**
 * PUT /admin/appeals/{id}. An upheld appeal can publish a tea or lift a ban, so the posts are
 * read again too; a 409 (decided meanwhile by another admin) refreshes the queue as well.
 */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAppeal,
    onSuccess: async (appeal) => {
      if (appeal.status !== 'pending') toastSuccess(APPEAL_MESSAGES.decided[appeal.status]);
      await queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appealsKey }),
  });
}
