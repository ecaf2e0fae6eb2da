import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCompany } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { adminCompaniesRootKey } from './get-admin-companies';

/** What the admin decided about one company; verifying names the handle they checked. */
export type VerificationChange = { company: AdminCompany; verify: boolean };

export const setCompanyVerification = ({ company, verify }: VerificationChange) => {
  const path = `/admin/companies/${encodeURIComponent(company.id)}`;
  return verify
    ? api.post<AdminCompany>(`${path}/verify`, { handle: company.handle })
    : api.post<AdminCompany>(`${path}/unverify`);
};

/** POST /admin/companies/{id}/verify or /unverify; the lists are read again afterwards. */
export function useSetCompanyVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyVerification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCompaniesRootKey }),
  });
}
