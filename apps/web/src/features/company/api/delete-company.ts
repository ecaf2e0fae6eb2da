import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export const deleteCompany = () => api.delete<void>('/company');

/** DELETE /company (204): the profile goes and its handle is free for others. */
export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => {
      queryClient.setQueryData(companyKeys.mine, null);
      queryClient.removeQueries({ queryKey: companyKeys.stats });
    },
  });
}
