import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPEAL_REVIEWER_TEXT, type Appeal, type AppealInput } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { appealsKey } from './keys';

export const submitAppeal = (input: AppealInput) => api.post<Appeal>('/appeals', input);

/**
 * POST /appeals. Settled either way, the appeal lists are read again: a success moves the
 * decision from 'you can appeal' to 'your appeals', and a 404 or 409 means the list was stale.
 */
export function useSubmitAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAppeal,
    // The answer says who will review it, so the confirmation promises only that.
    onSuccess: (appeal) => toastSuccess(appeal.reviewer ? APPEAL_REVIEWER_TEXT[appeal.reviewer].sent : 'Appeal sent.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appealsKey }),
  });
}
