// A viewer's access to a post, in one place: whether it exists for them, whether its
// conversation is open to them, and the row lock every post action takes first.
import { MESSAGES, type PostStatus } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { posts } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { canSee, readsFree, type Viewer } from './reading.policy.js';

/** The one answer for a post this viewer may not see, or that does not exist: the same 404. */
export const postNotFound = () => notFound(MESSAGES.notFound.post);

type PostFacts = { authorId: string; status: PostStatus };

/**
 * Where a viewer stands with a post's conversation (comments and votes). decisions.md, Coins:
 * reading a locked post's comments, commenting and voting need the post unlocked; the author
 * and admins read free. 'hidden' posts do not exist for this viewer (404, like the detail page).
 */
export type ConversationAccess = 'hidden' | 'locked' | 'open';

export function conversationAccess(viewer: Viewer, post: PostFacts, unlockedByViewer: boolean): ConversationAccess {
  if (!canSee(viewer, post)) return 'hidden';
  return readsFree(viewer, post) || unlockedByViewer ? 'open' : 'locked';
}

/** New comments and votes land on published posts only (pending and rejected ones are read-only). */
export const acceptsConversation = (post: PostFacts): boolean => post.status === 'approved';

/** The detail page's can_vote: the vote route would accept this viewer's vote right now. */
export function canVote(viewer: Viewer, post: PostFacts, facts: { open: boolean; voted: boolean }): boolean {
  return viewer !== null && acceptsConversation(post) && facts.open && viewer.id !== post.authorId && !facts.voted;
}

/**
 * The detail page's can_report: any signed-in reader of a published post but its author and
 * admins (who moderate instead of reporting). Reporting does not need an unlock (decisions.md).
 * Whether they already reported is has_reported, a separate field (spec §6).
 */
export function canReport(viewer: Viewer, post: PostFacts): boolean {
  return viewer !== null && !viewer.isAdmin && viewer.id !== post.authorId && post.status === 'approved';
}

/**
 * The post's facts under a share lock, taken first by unlock, comment and report: a moderator's
 * reject or delete (FOR UPDATE) waits for the action to finish, or the action waits and then sees
 * the post's new state.
 */
export async function lockPostShared(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: posts.id,
      title: posts.title,
      authorId: posts.authorId,
      status: posts.status,
      unlockPrice: posts.unlockPrice,
    })
    .from(posts)
    .where(eq(posts.id, id))
    .for('share');
  return row;
}
