// A viewer's access to a post as answers: whether it exists for them, whether its conversation is
// open to them, and the refusal (in a fixed order) each post action meets. The rule it answers by
// is rule.ts.
import { COMMENT_MESSAGES, MESSAGES, VOTE_MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { PostRow } from '../../../db/rows.js';
import { posts } from '../../../db/schema.js';
import { forbidden, notFound } from '../../../lib/app-error.js';
import { isUuid } from '../../../lib/ids.js';
import { findPost } from '../posts.repository.js';
import { acceptsConversation, canSee, mayVote, opensTo, readsFree, type PostFacts, type Viewer } from './rule.js';
import { unlockedPostIds } from '../unlocks/unlocks.repository.js';

/** The one answer for a post this viewer may not see, or that does not exist: the same 404. */
export const postNotFound = () => notFound(MESSAGES.notFound.post);

/**
 * Where a viewer stands with a post's conversation (comments and votes):
 * reading a locked post's comments, commenting and voting need the post unlocked; the author
 * and admins read free. 'hidden' posts do not exist for this viewer (404, like the detail page).
 */
export type ConversationAccess = 'hidden' | 'locked' | 'open';

function conversationAccess(viewer: Viewer, post: PostFacts, unlockedByViewer: boolean): ConversationAccess {
  if (!canSee(viewer, post)) return 'hidden';
  return opensTo(viewer, post, unlockedByViewer) ? 'open' : 'locked';
}

/** The detail page's can_vote: the vote route would accept this viewer's vote right now. */
export function canVote(viewer: Viewer, post: PostFacts, facts: { open: boolean; voted: boolean }): boolean {
  return viewer !== null && mayVote(viewer, post, facts.open) && !facts.voted;
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
 * The post's facts, share-locked until the transaction ends: a moderator's reject or delete
 * (FOR UPDATE) waits for the action to finish, or the action waits and then sees the post's new
 * state. Votes and comments lock their tea inside their own statement instead (votes.repository.ts,
 * comments.repository.ts).
 */
async function lockPostFacts(db: DbOrTx, id: string) {
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

export type GatedPost = NonNullable<Awaited<ReturnType<typeof lockPostFacts>>>;

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
 * The gate a report (and the demo's unlock) passes first, inside its transaction: lock the post
 * and refuse with the action's answer (refusePostAction) before anything is written. Neither
 * needs the post unlocked, so no unlock is read.
 */
export async function enterPost(
  tx: DbOrTx,
  user: NonNullable<Viewer>,
  id: string,
  action: 'unlock' | 'report',
): Promise<GatedPost> {
  const post = await lockPostFacts(tx, id);
  refusePostAction(user, post, action, false);
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
