import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnPost, ReversalFieldsData } from '@kettle/shared';
import { currentUserKey } from '@/lib/current-user';
import { uploadForm, type UploadOptions } from '@/lib/upload';
import { buildPostFormData } from './post-form-data';

export type CreateReversalInput = {
  values: ReversalFieldsData;
  images: readonly File[];
  originalPostId: string;
  upload?: UploadOptions;
};

export function createReversal({ values, images, originalPostId, upload }: CreateReversalInput): Promise<OwnPost> {
  const form = buildPostFormData(values, images);
  form.set('original_post_id', originalPostId);
  return uploadForm<OwnPost>('/posts/reversal', form, upload);
}

/** Refreshes the balance and every post list, the original's `has_reversal` included. */
export function useCreateReversal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReversal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
      ]),
  });
}
