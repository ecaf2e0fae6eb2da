import {
  commentOfEvent,
  COMMENT_MESSAGES,
  MESSAGES,
  type CommentCreateData,
  type CommentCreated,
  type CommentHeld,
  type CommentList,
  type NewCommentEvent,
} from '@kettle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { forbidden, notFound, validationFailed } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { blockedUserIds } from '../blocks/blocks.service.js';
import { POST_ACTION_COSTS } from '../coins/coins.service.js';
import { readableConversation } from '../posts/access/gate.js';
import { spendOnPost } from '../posts/access/settle-spend.js';
import type { Viewer } from '../posts/access/rule.js';
import { announcePostEvent, forgetCommentEvents, publishPostEvent } from '../realtime/post-events.js';
import type { UserRow } from '../../db/rows.js';
import { buildCommentTree } from './comments.presenter.js';
import { findingsOfComment, holdComment, ownHeldComments } from './held-comments.js';
import { recordReview } from '../posts/privacy/privacy-reviews.service.js';
import { needsReview } from '@kettle/shared/guard';
import { keepRemovedThread } from './removed-comments.js';
import {
  commentAsked,
  commentInBatch,
  deleteCommentRow,
  type CommentOutcome,
  descendantIds,
  lockComment,
  postCommentRows,
} from './comments.repository.js';

export const commentNotFound = () => notFound(MESSAGES.notFound.comment);

/**
 * GET /posts/{id}/comments: the conversation of a post the viewer reads in full. Visitors and
 * readers who have not unlocked it get 403 (the comments are part of the locked content);
 * posts the viewer cannot see at all answer 404, like the detail page.
 */
export async function listComments(ctx: AppContext, viewer: Viewer, postId: string): Promise<CommentList> {
  const post = await readableConversation(ctx.db, viewer, postId);
  const [rows, hidden, held] = await Promise.all([
    postCommentRows(ctx.db, post.id),
    viewer ? blockedUserIds(ctx.db, viewer.id) : Promise.resolve(new Set<string>()),
    ownHeldComments(ctx.db, viewer, post.id),
  ]);
  return { comments: buildCommentTree(rows, viewer?.id ?? null, hidden), held };
}

/**
 * A reply's own refusals, after the gate's: an unknown parent (never existed, or deleted while the
 * reply was typed) is 404; a parent on another post is a malformed request about this post, 422.
 */
const refuseParent =
  (parentId: string | null) =>
  (o: { parent_found: boolean; parent_on_post: boolean | null }): void => {
    if (!parentId) return;
    if (!o.parent_found) throw commentNotFound();
    if (!o.parent_on_post) {
      throw validationFailed([{ field: 'parent_comment_id', message: COMMENT_MESSAGES.parentMismatch }]);
    }
  };

/**
 * POST /posts/{id}/comments: COSTS.comment coins. One statement (shared with the comments asked
 * with it) stores the comment and charges, or does nothing and reports why; the refusals keep the
 * gate's order (post, access), then the parent, then the charge's own refusal, as when each was
 * its own query. A comment with private data or a minor in it is held for a moderator instead
 * (held-comments.ts); one with only hints or claims is published and flagged for the reports desk.
 */
export async function createComment(
  ctx: AppContext,
  writerId: string,
  postId: string,
  input: CommentCreateData,
): Promise<({ held?: never } & CommentCreated) | CommentHeld> {
  const findings = await findingsOfComment(ctx, postId, input.content);
  if (needsReview(findings))
    return holdComment(ctx, writerId, postId, input, findings, refuseParent(input.parent_comment_id));
  const parentId = input.parent_comment_id;
  const asked = commentAsked(writerId, postId, input);
  const { outcome, balance } = await spendOnPost(
    ctx,
    writerId,
    postId,
    () => commentInBatch(ctx.db, asked, ctx.config.isProduction),
    {
      action: 'comment',
      refuse: refuseParent(parentId),
      cost: () => POST_ACTION_COSTS.comment,
      done: (o): o is CommentOutcome & { balance: number; event_data: NewCommentEvent } =>
        o.balance !== null && o.event_data !== null,
      balanceAfter: (o) => o.balance,
    },
  );
  // Recorded with the comment; announced after commit, so no stream hears of one that rolled back.
  await announcePostEvent(ctx, {
    type: 'new_comment',
    id: Number(outcome.event_id),
    postId,
    data: outcome.event_data,
  });
  // Hints and claims publish, with a flag for the moderators to read.
  await recordReview(ctx.db, { commentId: outcome.event_data.comment_id }, findings, 'submission');
  // The writer's answer is the event every viewer's stream shows (commentEventCte).
  return { comment: commentOfEvent(outcome.event_data, true), coin_balance: balance };
}

export type RemovedComments = { postId: string; ids: string[] };

/**
 * Deletes a locked comment and every reply under it, and forgets their `new_comment` events in
 * the same transaction, so no resume replays a deleted comment's text (issue 10). The caller
 * announces the ids with `announceRemovedComments` after commit.
 */
async function removeCommentThread(
  tx: Tx,
  comment: { id: string; postId: string; userId: string },
  moderator?: string,
): Promise<RemovedComments> {
  const replies = await descendantIds(tx, comment.id);
  const ids = [comment.id, ...replies];
  // A moderator's removal can be appealed: the thread is kept until the window closes.
  if (moderator) await keepRemovedThread(tx, comment, ids, moderator);
  await deleteCommentRow(tx, comment.id);
  await forgetCommentEvents(tx, comment.postId, ids);
  return { postId: comment.postId, ids };
}

/**
 * Locks the comment and removes its thread, for a moderator acting on a report; null when the
 * comment is already gone. The caller audits and announces, as deleteComment does.
 */
export async function removeCommentById(
  tx: Tx,
  id: string,
  moderator: string,
): Promise<{ comment: { id: string; postId: string; userId: string }; removed: RemovedComments } | null> {
  const comment = await lockComment(tx, id, 'update');
  if (!comment) return null;
  return { comment, removed: await removeCommentThread(tx, comment, moderator) };
}

/** Tells every viewer which comments left the tree; the deletion stands even if this fails. */
export async function announceRemovedComments(
  ctx: AppContext,
  removed: RemovedComments,
  log: FastifyBaseLogger,
): Promise<void> {
  await publishPostEvent(ctx, removed.postId, { type: 'comment_deleted', data: { comment_ids: removed.ids } }).catch(
    (err: unknown) => log.warn({ err, postId: removed.postId }, 'comment_deleted event not published'),
  );
}

/**
 * DELETE /comments/{id}: its author or an admin. Replies at every depth go with it; nothing is
 * refunded. Every deletion is audited (who, whose, how many replies), without the text.
 */
export async function deleteComment(ctx: AppContext, user: UserRow, id: string, log: FastifyBaseLogger): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const comment = await lockComment(tx, id, 'update');
    if (!comment) throw commentNotFound();
    if (comment.userId !== user.id && !user.isAdmin) throw forbidden();
    const ownComment = comment.userId === user.id;
    const thread = await removeCommentThread(tx, comment, ownComment ? undefined : user.id);
    await recordAudit(tx, {
      actorId: user.id,
      action: comment.userId === user.id ? 'comment.delete_own' : 'comment.delete',
      targetType: 'comment',
      targetId: comment.id,
      data: {
        before: {
          post_id: comment.postId,
          author_id: comment.userId,
          parent_comment_id: comment.parentCommentId,
          replies_removed: thread.ids.length - 1,
        },
        after: null,
      },
    });
    return thread;
  });
  await announceRemovedComments(ctx, removed, log);
}
