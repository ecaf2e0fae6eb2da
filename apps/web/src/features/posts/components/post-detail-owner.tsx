import { formatCount, type PostDetail } from '@kettle/shared';
import { LockOpen } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { EmptyPotButton } from './empty-pot-button';

/**
 * What only the author (and admins, for the count) see: 'n unlocked', and for the author the
 * Empty Pot button as the server's empty_pot_refusal allows (not for a rejected tea).
 */
export function PostDetailOwnerActions({ post }: { post: PostDetail }) {
  return (
    <>
      {post.unlock_count !== null ? (
        <Badge variant="outline" className="h-9 px-3 text-sm">
          <LockOpen className="size-4" aria-hidden="true" /> {formatCount(post.unlock_count)} unlocked
        </Badge>
      ) : null}
      <EmptyPotButton post={post} />
    </>
  );
}
