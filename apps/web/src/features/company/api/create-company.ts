import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyCreateData } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export const createCompany = (input: CompanyCreateData) => api.post<Company>('/company', input);

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.mine, company);
      return queryClient.invalidateQueries({ queryKey: companyKeys.stats });
    },
  });
}
