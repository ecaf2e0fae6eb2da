import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportUpdateData, ReportUpdated } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { reportsKey } from '@/lib/reports';
import { toastSuccess } from '@/lib/toast-store';

export type UpdateReportVariables = { id: string } & ReportUpdateData;

export const updateReport = ({ id, ...body }: UpdateReportVariables) =>
  api.put<ReportUpdated>(`/posts/admin/reports/${encodeURIComponent(id)}`, body);

/**
 * PUT /posts/admin/reports/{id}: confirms with the server's own message and reloads every
 * report list; removing the reported post or comment also reloads the posts and comments.
 */
export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    onSuccess: async (result, variables) => {
      toastSuccess(result.message);
      const refreshes = [queryClient.invalidateQueries({ queryKey: reportsKey })];
      if (variables.remove_post) {
        refreshes.push(
          queryClient.invalidateQueries({ queryKey: ['posts'] }),
          queryClient.invalidateQueries({ queryKey: ['comments'] }),
        );
      }
      await Promise.all(refreshes);
    },
  });
}
