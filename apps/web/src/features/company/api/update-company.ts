import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyUpdateInput } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** PUT /company is partial; an empty website clears it. */
export const updateCompany = (input: CompanyUpdateInput) => api.put<Company>('/company', input);

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.mine, company);
      // A new handle counts other posts.
      return queryClient.invalidateQueries({ queryKey: companyKeys.stats });
    },
  });
}
