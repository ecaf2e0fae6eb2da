import type { PostCard } from '@kettle/shared';
import { ExternalLink, Lock, Repeat2, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { CreateReversalButton } from './reversal-dialog';
import { UnlockDialog } from './unlock-dialog';

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

/** Exactly one of View Original Post, View Reversal or Create Reversal (spec §2). */
export function ReversalAction({ post }: { post: Pick<PostCard, 'id' | 'original_post_id' | 'has_reversal'> }) {
  const { isAuthenticated } = useSession();
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
  if (!isAuthenticated) {
    return (
      <SignInLink>
        <Undo2 aria-hidden="true" /> Create Reversal
      </SignInLink>
    );
  }
  return <CreateReversalButton originalPostId={post.id} />;
}

/** 'Unlock for N coins': the confirmation dialog for a reader, the sign-in page for a visitor. */
export function UnlockAction({ post }: { post: Pick<PostCard, 'id' | 'title' | 'unlock_price'> }) {
  const { isAuthenticated } = useSession();
  const [open, setOpen] = useState(false);
  const label = `Unlock for ${post.unlock_price.toLocaleString()} ${post.unlock_price === 1 ? 'coin' : 'coins'}`;
  if (!isAuthenticated) {
    return (
      <SignInLink primary>
        <Lock aria-hidden="true" /> {label}
      </SignInLink>
    );
  }
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <Lock aria-hidden="true" /> {label}
      </Button>
      <UnlockDialog post={post} open={open} onOpenChange={setOpen} />
    </>
  );
}
