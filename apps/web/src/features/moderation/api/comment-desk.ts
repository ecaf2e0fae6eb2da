import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlaggedComment, HeldCommentQueue } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { adminPostsKey } from '@/lib/post-keys';
import { toastError, toastSuccess } from '@/lib/toast-store';

// Under ['posts', 'admin'] so the admin home's privacy figures refresh with every decision here.
const deskKey = [...adminPostsKey, 'comment-desk'] as const;
const heldKey = [...deskKey, 'held'] as const;
const flaggedKey = [...deskKey, 'flagged'] as const;

export function useHeldComments() {
  return useQuery({
    queryKey: heldKey,
    queryFn: ({ signal }) => api.get<HeldCommentQueue>('/comments/admin/held', undefined, signal),
  });
}

export function useFlaggedComments() {
  return useQuery({
    queryKey: flaggedKey,
    queryFn: ({ signal }) => api.get<{ data: FlaggedComment[] }>('/guard/admin/comments', undefined, signal),
  });
}

export type CommentDecision =
  | { kind: 'approve' | 'redact-approve'; id: string }
  | { kind: 'reject'; id: string; reason: string }
  | { kind: 'keep' | 'redact' | 'delete'; id: string };

const path = (id: string) => encodeURIComponent(id);

function send(decision: CommentDecision): Promise<unknown> {
  switch (decision.kind) {
    case 'approve':
    case 'redact-approve':
      return api.post(`/comments/admin/held/${path(decision.id)}/${decision.kind}`);
    case 'reject':
      return api.post(`/comments/admin/held/${path(decision.id)}/reject`, {
        reason: decision.reason.trim() || undefined,
      });
    case 'keep':
      return api.post(`/guard/admin/comments/${path(decision.id)}/clear`);
    case 'redact':
      return api.post(`/guard/admin/comments/${path(decision.id)}/redact`);
    case 'delete':
      return api.delete(`/comments/${path(decision.id)}`);
  }
}

const DONE: Record<CommentDecision['kind'], string> = {
  approve: 'The comment is published as written; its writer has a notice.',
  'redact-approve': 'The comment is published without the flagged details; its writer has a notice.',
  reject: 'The comment was not published and its coins went back to its writer.',
  keep: 'The comment stays as it is; its flags are closed.',
  redact: 'The flagged details were removed from the comment; its writer has a notice.',
  delete: 'The comment and its replies were deleted.',
};

/** A moderator's decision on a held or flagged comment; both lists (and the figures) are read again after it. */
export function useCommentDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (_answer, decision) => {
      toastSuccess(DONE[decision.kind], 'Done');
      await client.invalidateQueries({ queryKey: adminPostsKey });
    },
    onError: (error) => toastError(apiErrorMessage(error, 'The decision could not be saved')),
  });
}
