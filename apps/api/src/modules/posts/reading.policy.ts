import type { EmptyPotRefusal, PostStatus } from '@kettle/shared';

/** Who is asking: a signed-in user, or null for a visitor. */
export type Viewer = { id: string; isAdmin: boolean } | null;
type PostFacts = { authorId: string; status: PostStatus };

/** The author and admins read every post in full, free (decisions.md, Coins). */
export const readsFree = (viewer: Viewer, post: PostFacts): boolean =>
  viewer !== null && (viewer.isAdmin || viewer.id === post.authorId);

/** Pending and rejected posts exist only for their author and admins (security.md Z4). */
export const canSee = (viewer: Viewer, post: PostFacts): boolean =>
  post.status === 'approved' || readsFree(viewer, post);

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
