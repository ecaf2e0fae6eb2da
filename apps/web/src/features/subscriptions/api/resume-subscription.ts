import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { afterSubscriptionChange } from './keys';

export const resumeSubscription = () => api.post<Subscription>('/payments/subscription/resume');

/** Undoes a cancellation before the period ends: the plan renews again. */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (subscription) => afterSubscriptionChange(queryClient, subscription),
  });
}
