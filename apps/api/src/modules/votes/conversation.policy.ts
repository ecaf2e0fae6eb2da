import type { PostStatus } from '@kettle/shared';
import { canSee, readsFree, type Viewer } from '../posts/reading.policy.js';

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
