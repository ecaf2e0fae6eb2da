import type { PostCard } from '@kettle/shared';
import { useCurrentUser } from '@/lib/current-user';

/** True when the signed-in reader wrote this tea (false while the reader is still loading). */
export function useIsAuthor(post: Pick<PostCard, 'author_username'>): boolean {
  const { data: user } = useCurrentUser();
  return user !== undefined && user.username === post.author_username;
}
