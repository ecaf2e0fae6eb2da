import type { PostDetail } from '@kettle/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, LogIn } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { reversalKey } from '../api/get-post';

// The dialog (and its dialog primitives) loads on the first click.
const UnlockDialog = lazy(() => import('./unlock-dialog').then((m) => ({ default: m.UnlockDialog })));

export const unlockLabel = (price: number) => `Unlock for ${price.toLocaleString()} ${price === 1 ? 'coin' : 'coins'}`;

/**
 * The lock panel's button: a reader confirms in the shared unlock dialog (price and balance); a
 * visitor signs in and comes back here. The dialog's unlock refreshes every query keyed by the
 * post's id; the reversal page's query is keyed by the original's, so it is refreshed here too.
 */
export function PostDetailUnlock({ post }: { post: PostDetail }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing still animates.
  const [mounted, setMounted] = useState(false);

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
    setOpen(next);
    const original = post.original_post_id;
    if (!next && original) void queryClient.invalidateQueries({ queryKey: reversalKey(original, 'user') });
  };

  return (
    <>
      <Button
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Lock aria-hidden="true" /> {unlockLabel(post.unlock_price)}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <UnlockDialog post={post} open={open} onOpenChange={change} />
        </Suspense>
      ) : null}
    </>
  );
}
