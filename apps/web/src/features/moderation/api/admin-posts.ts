import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TIMINGS, type GuardFlag, type OwnPost, type PostStatus } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { adminPostsKey } from '@/lib/post-keys';

export type AdminPostList = { data: OwnPost[]; metadata: { total_elements: number; skip: number; limit: number } };

export type AdminPostListParams = {
  status?: PostStatus;
  order?: 'oldest' | 'newest';
  /** Only teas with an open privacy review raising this flag, whatever their status. */
  flag?: GuardFlag;
  skip: number;
  limit: number;
};

export const adminPostListKey = (params: AdminPostListParams) => [...adminPostsKey, 'list', params] as const;
export const adminPostKey = (id: string) => [...adminPostsKey, 'detail', id] as const;

export const getAdminPosts = (params: AdminPostListParams, signal?: AbortSignal) =>
  api.get<AdminPostList>('/posts/admin/all', params, signal);

export const getAdminPost = (id: string, signal?: AbortSignal) =>
  api.get<OwnPost>(`/posts/admin/${encodeURIComponent(id)}`, undefined, signal);

export function useAdminPosts(params: AdminPostListParams) {
  return useQuery({
    queryKey: adminPostListKey(params),
    queryFn: ({ signal }) => getAdminPosts(params, signal),
    staleTime: TIMINGS.postListFresh,
    placeholderData: keepPreviousData,
  });
}

export function useAdminPost(id: string) {
  return useQuery({
    queryKey: adminPostKey(id),
    queryFn: ({ signal }) => getAdminPost(id, signal),
    staleTime: TIMINGS.postDetailFresh,
  });
}
