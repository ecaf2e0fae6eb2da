import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnPost, PostCreateData } from '@kettle/shared';
import { currentUserKey } from '@/lib/current-user';
import { uploadForm, type UploadOptions } from '@/lib/upload';
import { buildPostFormData } from './post-form-data';

/** `upload` reports the bytes sent and can cancel while they are going out. */
export type CreatePostInput = { values: PostCreateData; images: readonly File[]; upload?: UploadOptions };

export const createPost = ({ values, images, upload }: CreatePostInput): Promise<OwnPost> =>
  uploadForm<OwnPost>('/posts/', buildPostFormData(values, images), upload);

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
