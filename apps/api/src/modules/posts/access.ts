// A viewer's access to a post, in one place: whether it exists for them, whether its
// conversation is open to them, and the gate (row lock and refusals) every post action passes first.
import { COMMENT_MESSAGES, MESSAGES, VOTE_MESSAGES, type PostStatus } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { PostRow } from '../../db/rows.js';
import { posts } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { findPost } from './posts.repository.js';
import { canSee, readsFree, type Viewer } from './reading.policy.js';
import { unlockedPostIds } from './unlocks.repository.js';

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
 * Whether they already reported is has_reported, a separate field (product.md §6).
 */
export function canReport(viewer: Viewer, post: PostFacts): boolean {
  return viewer !== null && !viewer.isAdmin && viewer.id !== post.authorId && post.status === 'approved';
}

export type PostAction = 'unlock' | 'report' | 'comment' | 'vote';

/**
 * The post's facts, locked until the transaction ends. A vote takes NO KEY UPDATE because it
 * bumps vote_count on this row anyway: taking that lock first (instead of a share lock upgraded
 * later) means two votes cannot deadlock. Unlock, comment and report take a share lock. Either
 * way a moderator's reject or delete (FOR UPDATE) waits for the action to finish, or the action
 * waits and then sees the post's new state; comment and vote inserts only take KEY SHARE on the
 * row (their foreign keys), which neither lock blocks.
 */
async function lockForAction(db: DbOrTx, id: string, action: PostAction) {
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
    .for(action === 'vote' ? 'no key update' : 'share');
  return row;
}

export type GatedPost = NonNullable<Awaited<ReturnType<typeof lockForAction>>>;

/** Whether the reader paid for this post; the author and admins never need to. */
async function unlockedBy(db: DbOrTx, viewer: Viewer, post: PostFacts & { id: string }): Promise<boolean> {
  if (viewer === null || readsFree(viewer, post)) return false;
  return (await unlockedPostIds(db, viewer.id, [post.id])).has(post.id);
}

/**
 * The refusal for this action, in the gate's order, or nothing when it may go ahead. Unlocking
 * and reporting need a published post only; commenting and voting need its conversation open
 * (the author cannot vote their own post, a refusal checked before the post's state). The
 * one-statement spends (unlock, vote, comment) call it with the facts their statement read.
 */
export function refusePostAction(
  user: NonNullable<Viewer>,
  post: PostFacts | undefined,
  action: PostAction,
  unlockedByViewer: boolean,
): asserts post is PostFacts {
  if (!post) throw postNotFound();
  if (action === 'unlock' || action === 'report') {
    // Neither needs the post unlocked first; both need it published (decisions.md, Coins).
    if (post.status !== 'approved') throw postNotFound();
    return;
  }
  const access = conversationAccess(user, post, unlockedByViewer);
  if (access === 'hidden') throw postNotFound();
  if (action === 'vote' && post.authorId === user.id) throw forbidden(VOTE_MESSAGES.ownPost);
  // Pending and rejected posts take no new comments or votes, even from their author or an admin.
  if (!acceptsConversation(post)) throw postNotFound();
  if (access === 'locked') throw forbidden(COMMENT_MESSAGES.locked);
}

/**
 * The gate a post action passes first, inside its transaction: lock the post, check this user's
 * access, and refuse with the action's answer (refusePostAction) before anything is written.
 */
export async function enterPost(
  tx: DbOrTx,
  user: NonNullable<Viewer>,
  id: string,
  action: PostAction,
): Promise<GatedPost> {
  const post = await lockForAction(tx, id, action);
  const conversation = action === 'comment' || action === 'vote';
  const unlocked = post !== undefined && conversation && (await unlockedBy(tx, user, post));
  refusePostAction(user, post, action, unlocked);
  return post;
}

/**
 * Whether this viewer may read the post's conversation: 404 when the post is not there for them,
 * 403 while it is locked to them. The live stream asks it with facts read in its own statement.
 */
export function refuseConversation(
  viewer: Viewer,
  post: PostFacts | undefined,
  unlockedByViewer: boolean,
): asserts post is PostFacts {
  if (!post) throw postNotFound();
  const access = conversationAccess(viewer, post, unlockedByViewer);
  if (access === 'hidden') throw postNotFound();
  if (access === 'locked') throw forbidden(COMMENT_MESSAGES.locked);
}

/** The post whose conversation this viewer may read (its comments), without a lock. */
export async function readableConversation(db: DbOrTx, viewer: Viewer, id: string): Promise<PostRow> {
  const post = await findPost(db, id);
  refuseConversation(viewer, post, post !== undefined && (await unlockedBy(db, viewer, post)));
  return post;
}
