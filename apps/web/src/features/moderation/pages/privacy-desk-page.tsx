import { MessageSquareWarning, ShieldCheck } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { apiErrorMessage } from '@/lib/api-error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useFlaggedComments, useHeldComments } from '../api/comment-desk';
import { CommentDeskCard } from '../components/comment-desk-card';
import { FlaggedCommentActions, HeldCommentActions } from '../components/held-comment-actions';
import { ModerationSkeleton } from '../components/moderation-skeleton';

/**
 * The privacy desk: comments the guard held before anyone saw them (approve, redact and approve,
 * reject with a refund), and published comments it flagged (keep, redact, delete). Teas are in the
 * moderation queue, filtered by flag.
 */
export function PrivacyDeskPage() {
  usePageTitle('Privacy Desk');
  const held = useHeldComments();
  const flagged = useFlaggedComments();
  return (
    <>
      <PageHeader
        title="Privacy Desk"
        description="Comments the privacy guard held or flagged, oldest first. Flagged teas are in the moderation queue."
      />
      <section aria-labelledby="held-title" className="mb-10 grid gap-4">
        <h2 id="held-title" className="font-display text-xl font-semibold">
          Held for review{held.data ? ` (${held.data.data.length})` : ''}
        </h2>
        <QueryState
          query={held}
          loading={<ModerationSkeleton count={2} />}
          error={{ message: (error) => apiErrorMessage(error, 'Failed to load the held comments') }}
          empty={{
            when: (data) => data.data.length === 0,
            view: (
              <EmptyState
                icon={ShieldCheck}
                headingLevel={3}
                title="No comments waiting"
                description="A comment with private details or a minor waits here until a moderator decides."
              />
            ),
          }}
        >
          {(data) => (
            <div className="grid gap-4 lg:grid-cols-2">
              {data.data.map((comment) => (
                <CommentDeskCard key={comment.id} comment={comment}>
                  <HeldCommentActions id={comment.id} findings={comment.findings} />
                </CommentDeskCard>
              ))}
            </div>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="flagged-title" className="grid gap-4">
        <h2 id="flagged-title" className="font-display text-xl font-semibold">
          Published, flagged{flagged.data ? ` (${flagged.data.data.length})` : ''}
        </h2>
        <QueryState
          query={flagged}
          loading={<ModerationSkeleton count={2} />}
          error={{ message: (error) => apiErrorMessage(error, 'Failed to load the flagged comments') }}
          empty={{
            when: (data) => data.data.length === 0,
            view: (
              <EmptyState
                icon={MessageSquareWarning}
                headingLevel={3}
                title="No flagged comments"
                description="Hints and claims stated as fact in published comments, and what a scan finds, show up here."
              />
            ),
          }}
        >
          {(data) => (
            <div className="grid gap-4 lg:grid-cols-2">
              {data.data.map((comment) => (
                <CommentDeskCard key={comment.id} comment={comment}>
                  <FlaggedCommentActions id={comment.id} findings={comment.findings} />
                </CommentDeskCard>
              ))}
            </div>
          )}
        </QueryState>
      </section>
    </>
  );
}
