import { useMutation } from '@tanstack/react-query';
import type { BanAppealInput } from '@kettle/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /appeals/ban. Anonymous: a banned account cannot sign in, and a token left in this
 * browser from before the ban would only be refused.
 */
export const submitBanAppeal = (input: BanAppealInput) =>
  apiRequest<{ message: string }>('/appeals/ban', { method: 'POST', body: input, anonymous: true });

export const useSubmitBanAppeal = () => useMutation({ mutationFn: submitBanAppeal });
