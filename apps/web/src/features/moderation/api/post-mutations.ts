import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { POST_MESSAGES, type AdminPostUpdateInput, type OwnPost, type PostStatus } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { adminPostsKey } from '@/lib/post-keys';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { adminPostKey, type AdminPostList } from './admin-posts';

const postPath = (id: string) => `/posts/admin/${encodeURIComponent(id)}`;

/** The status and privacy flag filters a cached list was fetched with, if any. */
function listFilters(queryKey: readonly unknown[]): { status?: unknown; flag?: unknown } {
  const params = queryKey[3];
  return params && typeof params === 'object' ? params : {};
}

/** Whether a post still belongs in a list fetched with these filters. */
function stillListed(post: OwnPost, { status, flag }: { status?: unknown; flag?: unknown }): boolean {
  if (status !== undefined && status !== post.status) return false;
  if (flag === undefined) return true;
  return post.privacy?.status === 'open' && post.privacy.flags.some((one) => one === flag);
}

/**
 * Updates every cached admin list at once: a post that no longer matches a list's status or
 * flag filter (or was deleted) leaves it, otherwise it is replaced in place.
 */
function patchLists(client: QueryClient, id: string, post: OwnPost | null): void {
  for (const query of client.getQueryCache().findAll({ queryKey: [...adminPostsKey, 'list'] })) {
    const filters = listFilters(query.queryKey);
    client.setQueryData<AdminPostList>(query.queryKey, (old) => {
      if (!old || !old.data.some((p) => p.id === id)) return old;
      const keep = post !== null && stillListed(post, filters);
      return {
        ...old,
        data: keep ? old.data.map((p) => (p.id === id ? post : p)) : old.data.filter((p) => p.id !== id),
        metadata: keep
          ? old.metadata
          : { ...old.metadata, total_elements: Math.max(0, old.metadata.total_elements - 1) },
      };
    });
  }
}

/**
 * After a change: show it at once, then let the server have the last word on every post list.
 * A deleted post's own entry is left to expire (removing it would refetch it, as a 404, while
 * its page is still on screen); nothing refetches until the next screen asks.
 */
export function settle(client: QueryClient, id: string, post: OwnPost | null): Promise<void> {
  if (post) client.setQueryData(adminPostKey(id), post);
  patchLists(client, id, post);
  return client.invalidateQueries({ queryKey: ['posts'], refetchType: post ? 'active' : 'none' });
}

export type StatusChange = { id: string; status: PostStatus; reason?: string };

export function useUpdatePostStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: StatusChange) =>
      api.put<OwnPost>(`${postPath(id)}/status`, reason?.trim() ? { status, reason: reason.trim() } : { status }),
    onSuccess: async (post, { id }) => {
      toastSuccess(post.status === 'approved' ? POST_MESSAGES.approved : POST_MESSAGES.rejected);
      await settle(client, id, post);
    },
    onError: (error) => toastError(apiErrorMessage(error, 'Failed to update post status')),
  });
}

export function useUpdateAdminPost(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPostUpdateInput) => api.put<OwnPost>(postPath(id), body),
    onSuccess: async (post) => {
      toastSuccess(POST_MESSAGES.updated);
      await settle(client, id, post);
    },
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/posts/${encodeURIComponent(id)}`),
    onSuccess: async (_data, id) => {
      toastSuccess(POST_MESSAGES.deleted);
      await settle(client, id, null);
    },
    onError: (error) => toastError(apiErrorMessage(error, 'Failed to delete post')),
  });
}
