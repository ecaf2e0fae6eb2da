import type { EmptyPotRefusal } from '@kettle/shared';
import type { PostFacts } from '../access/rule.js';

/**
 * Why the author may not empty this pot, or null when they may (decisions.md, Posts). The
 * route refuses with it, and the author's DTOs carry it so the page never offers a doomed confirm.
 */
export function emptyPotRefusal(
  actorId: string | undefined,
  post: PostFacts,
  unlockedByOthers: boolean,
): EmptyPotRefusal | null {
  if (actorId === undefined || post.authorId !== actorId) return 'not_author';
  if (post.status === 'rejected') return 'rejected';
  if (unlockedByOthers) return 'unlocked';
  return null;
}
