import { COMMENT_MESSAGES, type PostDetail, formatCount, teaCoins } from '@kettle/shared';
import { Lock, LogIn, MessageSquare, RefreshCw, Trophy } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSession } from '@/lib/session';
import { useComments } from '../api/comments';
import { usePostEvents } from '../hooks/use-post-events';
import { countComments } from '../utils/comment-tree';
import { NO_BOUNTY, type CommentsVariant, type ThreadBounty } from './comment-thread';
import { RealtimeStatus } from './realtime-status';

// The form (react-hook-form, zod) and the comments with their menus and dialogs load after the
// post has painted: the post page's first load needs none of them.
const CommentForm = lazy(() => import('./comment-form').then((m) => ({ default: m.CommentForm })));
const CommentItem = lazy(() => import('./comment-item').then((m) => ({ default: m.CommentItem })));
const HeldCommentList = lazy(() => import('./held-comment-list').then((m) => ({ default: m.HeldCommentList })));

type ConversationPost = Pick<PostDetail, 'id' | 'is_locked' | 'status'> &
  Partial<
    Pick<PostDetail, 'bounty' | 'bounty_comment_id' | 'bounty_expires_at' | 'can_award_bounty' | 'tagged_handle'>
  >;

const threadBounty = (post: ConversationPost): ThreadBounty =>
  post.bounty === undefined
    ? NO_BOUNTY
    : {
        amount: post.bounty,
        canAward: post.can_award_bounty === true,
        awardedCommentId: post.bounty_comment_id ?? null,
      };

/**
 * product.md §2 'The comments section' of the post and reversal pages: 'Comments (n)' (replies
 * counted), the new-comment box, the tree, and the live connection's state.
 *
 * decisions.md: reading a locked post's comments needs the post unlocked (the author and admins
 * read free), so a locked post shows a notice instead, without asking for the comments or
 * opening a stream, and a visitor is asked to sign in.
 */
export function CommentsSection({ post, variant }: { post: ConversationPost; variant: CommentsVariant }) {
  const { isAuthenticated } = useSession();
  const readable = isAuthenticated && !post.is_locked;
  const published = post.status === 'approved';
  const comments = useComments(post.id, { enabled: readable });
  const live = usePostEvents(post.id, readable && published);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = readable ? comments.data?.comments : undefined;
  const held = readable ? (comments.data?.held ?? []) : [];
  const count = list ? countComments(list) : 0;
  useFocusRescue(headingRef, count);

  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t border-border pt-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 ref={headingRef} id={headingId} tabIndex={-1} className="font-display text-xl font-semibold outline-none">
          {list ? `Comments (${formatCount(count)})` : 'Comments'}
        </h2>
        {readable && published ? <RealtimeStatus state={live} /> : null}
      </div>
      {!isAuthenticated ? (
        <SignInPrompt />
      ) : post.is_locked ? (
        <Notice icon={<Lock className="size-5" aria-hidden="true" />}>{COMMENT_MESSAGES.locked}</Notice>
      ) : (
        <>
          {published ? (
            <Suspense fallback={<Skeleton className="h-28 w-full" />}>
              <CommentForm
                postId={post.id}
                subjectHandle={post.tagged_handle}
                parentId={null}
                label="Add a comment"
                placeholder="Add a comment..."
                submitLabel="Comment"
              />
            </Suspense>
          ) : (
            // This also says why the list is empty, so 'No comments yet' is not shown below it.
            <p className="text-sm text-muted-foreground">New comments open once this tea is published.</p>
          )}
          {post.can_award_bounty && post.bounty !== undefined ? (
            <BountyHint amount={post.bounty} expiresAt={post.bounty_expires_at ?? null} />
          ) : null}
          {held.length > 0 ? (
            <Suspense fallback={<Skeleton className="h-24 w-full" />}>
              <HeldCommentList held={held} />
            </Suspense>
          ) : null}
          {comments.isPending ? (
            <CommentsSkeleton />
          ) : comments.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
              <span>{apiErrorMessage(comments.error, COMMENT_MESSAGES.fetchFailed)}</span>
              <Button variant="outline" size="sm" onClick={() => void comments.refetch()}>
                <RefreshCw aria-hidden="true" /> Try again
              </Button>
            </div>
          ) : list && list.length > 0 ? (
            <Suspense fallback={<CommentsSkeleton />}>
              <ol className="grid gap-5" aria-labelledby={headingId}>
                {list.map((comment) => (
                  <CommentItem
                    key={comment.id}
                    comment={comment}
                    postId={post.id}
                    subjectHandle={post.tagged_handle}
                    variant={variant}
                    canReply={published}
                    bounty={threadBounty(post)}
                  />
                ))}
              </ol>
            </Suspense>
          ) : published ? (
            <Notice icon={<MessageSquare className="size-5" aria-hidden="true" />}>{COMMENT_MESSAGES.empty}</Notice>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * Deleting a comment or blocking its author removes the comment together with its menu and
 * dialog, which leaves keyboard focus nowhere (on the page's body). Then it goes to the heading.
 */
function useFocusRescue(headingRef: RefObject<HTMLHeadingElement | null>, count: number) {
  const previous = useRef(count);
  useEffect(() => {
    const shrank = count < previous.current;
    previous.current = count;
    if (shrank && (document.activeElement === null || document.activeElement === document.body)) {
      headingRef.current?.focus();
    }
  }, [count, headingRef]);
}

/** For the author while the bounty is open: what to do with it, and until when. */
function BountyHint({ amount, expiresAt }: { amount: number; expiresAt: string | null }) {
  const until = expiresAt ? new Date(expiresAt).toLocaleDateString(undefined, { dateStyle: 'medium' }) : null;
  return (
    <p className="flex items-start gap-3 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
      <Trophy className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        Your bounty of {teaCoins(amount)} is open. Choose <span className="font-semibold">Award bounty</span> on the
        most helpful comment by someone else.
        {until ? ` If you award nobody by ${until}, it comes back to you.` : null}
      </span>
    </p>
  );
}

function Notice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-3 rounded-xl border border-dashed border-border bg-card/60 px-4 py-5 text-sm text-muted-foreground">
      <span className="shrink-0 text-primary">{icon}</span>
      {children}
    </p>
  );
}

function SignInPrompt() {
  const location = useLocation();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-border bg-card/60 px-4 py-5 text-sm">
      <p className="flex-1 text-muted-foreground">Sign in and unlock this tea to read and join the conversation.</p>
      <Button asChild size="sm">
        <Link to="/auth/signin" state={{ from: location.pathname + location.search }}>
          <LogIn aria-hidden="true" /> Sign in
        </Link>
      </Button>
    </div>
  );
}

function CommentsSkeleton() {
  return (
    <div role="status" aria-label="Loading comments" className="grid gap-5">
      {[0, 1].map((n) => (
        <div key={n} className="flex gap-3">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
