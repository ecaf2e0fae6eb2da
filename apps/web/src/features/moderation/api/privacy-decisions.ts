import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnPost } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { adminPostKey, getAdminPost } from './admin-posts';
import { settle } from './post-mutations';

/** "Redact and approve": the flagged spans go, the tea is published (or stays so), its author is told. */
export function useRedactAndApprove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<OwnPost>(`/posts/admin/${encodeURIComponent(id)}/redact-approve`),
    onSuccess: async (post) => {
      toastSuccess(`“${post.title}” is published without them; its author has a notice.`, 'Private details removed');
      await settle(client, post.id, post);
    },
    onError: (error) => toastError(apiErrorMessage(error, 'Failed to remove the flagged details')),
  });
}

/** "Keep as is": the moderator read what the guard flagged and closes its review. */
export function useKeepTea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.post<void>(`/guard/admin/posts/${encodeURIComponent(id)}/clear`);
      return getAdminPost(id);
    },
    onSuccess: async (post) => {
      toastSuccess('The privacy flags on this tea are closed.', 'Kept as it is');
      client.setQueryData(adminPostKey(post.id), post);
      await settle(client, post.id, post);
    },
    onError: (error) => toastError(apiErrorMessage(error, 'Failed to close the privacy flags')),
  });
}
