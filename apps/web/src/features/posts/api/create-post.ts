import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnPost, PostCreateData } from '@kettle/shared';
import { currentUserKey } from '@/features/auth/api/get-current-user';
import { apiRequest } from '@/lib/api-client';
import { buildPostFormData } from './post-form-data';

export type CreatePostInput = { values: PostCreateData; images: readonly File[] };

export const createPost = ({ values, images }: CreatePostInput): Promise<OwnPost> =>
  apiRequest<OwnPost>('/posts/', { method: 'POST', form: buildPostFormData(values, images) });

/** A new post costs coins and joins the author's lists: refresh the balance and every post list. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
      ]),
  });
}
