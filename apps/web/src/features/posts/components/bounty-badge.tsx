import { teaCoins, type PostCard } from '@kettle/shared';
import { Trophy } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const STATE_LABEL = { escrowed: 'open', awarded: 'awarded', refunded: 'refunded' } as const;

/**
 * 'Bounty: N Tea Coins' with its state (open, awarded, refunded); nothing for a tea without one.
 * An open bounty stands out; a settled one is quieter.
 */
export function BountyBadge({
  post,
  className,
}: {
  post: Pick<PostCard, 'bounty' | 'bounty_status'>;
  className?: string;
}) {
  if (post.bounty_status === 'none') return null;
  const open = post.bounty_status === 'escrowed';
  return (
    <Badge
      variant={open ? 'default' : 'outline'}
      className={cn('max-w-full', !open && 'text-muted-foreground', className)}
      data-bounty={post.bounty_status}
    >
      <Trophy className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Bounty: {teaCoins(post.bounty)} <span className="font-normal">({STATE_LABEL[post.bounty_status]})</span>
      </span>
    </Badge>
  );
}
