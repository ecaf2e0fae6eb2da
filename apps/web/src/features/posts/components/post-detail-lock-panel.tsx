import { formatCount, type PostDetail } from '@kettle/shared';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { PostDetailUnlock } from './post-detail-unlock';

/** Under a locked preview: what unlocking gives, and 'Unlock for N coins' (or sign in first). */
export function PostDetailLockPanel({ post }: { post: PostDetail }) {
  const headingId = useId();
  const price = `${formatCount(post.unlock_price)} ${post.unlock_price === 1 ? 'Tea Coin' : 'Tea Coins'}`;
  const unlockable = post.status === 'approved';
  return (
    <section
      aria-labelledby={headingId}
      className="grid justify-items-center gap-3 rounded-2xl border border-primary/30 bg-primary/5 px-4 py-6 text-center"
    >
      <span className="grid size-11 place-items-center rounded-full bg-primary/15 text-primary">
        <Lock className="size-5" aria-hidden="true" />
      </span>
      <h2 id={headingId} className="font-display text-lg font-semibold">
        This tea is locked
      </h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        {unlockable
          ? `Unlock it for ${price} to read the whole tea and see who it is about. You pay once and keep access.`
          : 'Only published teas can be unlocked.'}
      </p>
      {unlockable ? <PostDetailUnlock post={post} /> : null}
    </section>
  );
}
