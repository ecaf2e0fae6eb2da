import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CurrentUser, type ReportCreated, type ReportCreateInput } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { patchCachedPost, refetchCachedPost } from '@/lib/post-cache';
import { reportsKey } from '@/lib/reports';

/** What is reported: a post, or one comment on a post. */
export type ReportTarget = { kind: 'post'; postId: string } | { kind: 'comment'; commentId: string; postId: string };

export const reportPost = (postId: string, input: ReportCreateInput) =>
  api.post<ReportCreated>(`/posts/${encodeURIComponent(postId)}/report`, input);

export const reportComment = (commentId: string, input: ReportCreateInput) =>
  api.post<ReportCreated>(`/comments/${encodeURIComponent(commentId)}/report`, input);

/**
 * POST /posts/{id}/report or /comments/{id}/report (COSTS.report coins). A post report marks the
 * post reported at once ('Report: pending', no flag) and reads it again; the header balance
 * follows the answer. A 409 (reported before, maybe in another tab) reads the post again too.
 */
export function useCreateReport(target: ReportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportCreateInput) =>
      target.kind === 'post' ? reportPost(target.postId, input) : reportComment(target.commentId, input),
    onSuccess: ({ coin_balance }) => {
      queryClient.setQueryData<CurrentUser>(currentUserKey, (user) => (user ? { ...user, coin_balance } : user));
      // The reporter's own list (Moderation & Safety, 'Report Status') gains a row.
      void queryClient.invalidateQueries({ queryKey: reportsKey });
      if (target.kind !== 'post') return;
      patchCachedPost(queryClient, target.postId, { has_reported: true, report_status: 'pending' });
      void refetchCachedPost(queryClient, target.postId);
    },
    onError: (error) => {
      if (target.kind === 'post' && error instanceof ApiError && error.status === 409) {
        void refetchCachedPost(queryClient, target.postId);
      }
    },
  });
}
