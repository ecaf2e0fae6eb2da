import type { PostDetail } from '@kettle/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, LogIn } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { SuspendedHint, useSuspendedUntil } from '@/components/enforcement/suspension-hint';
import { useSession } from '@/lib/session';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import { reversalKey } from '../api/get-post';
import { unlockLabel } from '../utils/unlock-label';

// The dialog (and its dialog primitives) loads on the first click.
const UnlockDialog = lazy(() => import('./unlock-dialog').then((m) => ({ default: m.UnlockDialog })));

/**
 * The lock panel's button: a reader confirms in the shared unlock dialog (price and balance); a
 * visitor signs in and comes back here. The dialog's unlock refreshes every query keyed by the
 * post's id; the reversal page's query is keyed by the original's, so it is refreshed here too.
 */
export function PostDetailUnlock({ post }: { post: PostDetail }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const dialog = useLazyDialog();
  const suspendedUntil = useSuspendedUntil();
  const hintId = useId();

  if (isAuthenticated && suspendedUntil) {
    return (
      <span className="inline-flex flex-col items-center gap-1">
        <Button disabled aria-describedby={hintId}>
          <Lock aria-hidden="true" /> {unlockLabel(post.unlock_price)}
        </Button>
        <SuspendedHint id={hintId} until={suspendedUntil} />
      </span>
    );
  }

  if (!isAuthenticated) {
    return (
      <Button asChild>
        <Link to="/auth/signin" state={{ from: location.pathname + location.search }}>
          <LogIn aria-hidden="true" /> Sign in to unlock
        </Link>
      </Button>
    );
  }

  const change = (next: boolean) => {
    dialog.setOpen(next);
    const original = post.original_post_id;
    if (!next && original) void queryClient.invalidateQueries({ queryKey: reversalKey(original, 'user') });
  };

  return (
    <>
      <Button onClick={dialog.show}>
        <Lock aria-hidden="true" /> {unlockLabel(post.unlock_price)}
      </Button>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <UnlockDialog post={post} open={dialog.open} onOpenChange={change} />
        </Suspense>
      ) : null}
    </>
  );
}
