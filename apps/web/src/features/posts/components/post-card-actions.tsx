import type { PostCard } from '@kettle/shared';
import { ExternalLink, Lock, Repeat2, Undo2 } from 'lucide-react';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { SuspendedHint, useSuspendedUntil } from '@/components/enforcement/suspension-hint';
import { useSession } from '@/lib/session';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import { useIsAuthor } from '../hooks/use-is-author';
import { unlockLabel } from '../utils/unlock-label';
import type { ReversalOriginal } from './reversal-fields';

// The dialogs (forms, zod, dialog primitives) load on first use: a list of cards needs none of them.
const loadUnlockDialog = () => import('./unlock-dialog');
const loadReversalDialog = () => import('./reversal-dialog');
const UnlockDialog = lazy(() => loadUnlockDialog().then((m) => ({ default: m.UnlockDialog })));
const ReversalDialog = lazy(() => loadReversalDialog().then((m) => ({ default: m.ReversalDialog })));

/**
 * A suspension's end on a line of its own under the actions row (both places wrap flex rows), so
 * the buttons sit and grow as the enabled ones do.
 */
const OWN_LINE = 'basis-full';

/** Sign-in, then back to this very list (page and filters included). */
function SignInLink({ children, primary = false }: { children: ReactNode; primary?: boolean }) {
  const location = useLocation();
  return (
    <Button asChild variant={primary ? 'default' : 'outline'} size="sm">
      <Link to="/auth/signin" state={{ from: location.pathname + location.search }}>
        {children}
      </Link>
    </Button>
  );
}

/**
 * Exactly one of View Original Post, View Reversal or Create Reversal (product.md §2); none on the
 * reader's own tea, whose reversal the server refuses (a reversal is someone else's answer).
 */
export function ReversalAction({
  post,
}: {
  post: Pick<
    PostCard,
    | 'id'
    | 'original_post_id'
    | 'has_reversal'
    | 'tagged_handle'
    | 'category'
    | 'state'
    | 'is_locked'
    | 'author_username'
  >;
}) {
  const { isAuthenticated } = useSession();
  const isAuthor = useIsAuthor(post);
  if (post.original_post_id) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to={`/posts/${post.original_post_id}`}>
          <ExternalLink aria-hidden="true" /> View Original Post
        </Link>
      </Button>
    );
  }
  if (post.has_reversal) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to={`/posts/reversal/${post.id}`}>
          <Repeat2 aria-hidden="true" /> View Reversal
        </Link>
      </Button>
    );
  }
  if (isAuthor) return null;
  if (!isAuthenticated) {
    return (
      <SignInLink>
        <Undo2 aria-hidden="true" /> Create Reversal
      </SignInLink>
    );
  }
  // On a locked tea the Unlock beside it already shows the end date in sight.
  return <CreateReversalButton original={post} hintInSight={!post.is_locked} />;
}

/**
 * Opens the reversal dialog for one post. A reversal is a submission, so a suspension disables it
 * with its end date, as it does Unlock.
 */
function CreateReversalButton({ original, hintInSight }: { original: ReversalOriginal; hintInSight: boolean }) {
  const dialog = useLazyDialog();
  const suspendedUntil = useSuspendedUntil();
  const hintId = useId();
  if (suspendedUntil) {
    return (
      <>
        <Button variant="outline" size="sm" disabled aria-describedby={hintId}>
          <Undo2 aria-hidden="true" />
          Create Reversal
        </Button>
        <SuspendedHint id={hintId} until={suspendedUntil} className={hintInSight ? OWN_LINE : 'sr-only'} />
      </>
    );
  }
  return (
    <>
      <Button
        ref={dialog.trigger}
        variant="outline"
        size="sm"
        onClick={dialog.show}
        onPointerEnter={() => void loadReversalDialog()}
        onFocus={() => void loadReversalDialog()}
      >
        <Undo2 aria-hidden="true" />
        Create Reversal
      </Button>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <ReversalDialog
            original={original}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.trigger}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** 'Unlock for N coins': the confirmation dialog for a reader, the sign-in page for a visitor. */
export function UnlockAction({ post }: { post: Pick<PostCard, 'id' | 'title' | 'unlock_price'> }) {
  const { isAuthenticated } = useSession();
  const dialog = useLazyDialog();
  const suspendedUntil = useSuspendedUntil();
  const hintId = useId();
  const label = unlockLabel(post.unlock_price);
  if (isAuthenticated && suspendedUntil) {
    return (
      <>
        <Button size="sm" disabled aria-describedby={hintId}>
          <Lock aria-hidden="true" /> {label}
        </Button>
        <SuspendedHint id={hintId} until={suspendedUntil} className={OWN_LINE} />
      </>
    );
  }
  if (!isAuthenticated) {
    return (
      <SignInLink primary>
        <Lock aria-hidden="true" /> {label}
      </SignInLink>
    );
  }
  return (
    <>
      <Button
        ref={dialog.trigger}
        size="sm"
        onClick={dialog.show}
        onPointerEnter={() => void loadUnlockDialog()}
        onFocus={() => void loadUnlockDialog()}
      >
        <Lock aria-hidden="true" /> {label}
      </Button>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <UnlockDialog post={post} open={dialog.open} onOpenChange={dialog.setOpen} returnFocusTo={dialog.trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
