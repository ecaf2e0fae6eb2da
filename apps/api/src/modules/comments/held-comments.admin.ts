import {
  NOTIFICATION_TEXT,
  isRemovable,
  removedSummary,
  type HeldCommentQueue,
  type NewCommentEvent,
} from '@kettle/shared';
import { redact } from '@kettle/shared/guard';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { comments, heldComments, posts, users } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../../lib/audit.js';
import { notify } from '../../lib/notify.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { creditCoins } from '../coins/coins.service.js';
import { announcePostEvent, commentEventCte } from '../realtime/post-events.js';
import { toHeldComment } from './held-comments.js';

const heldNotFound = () => notFound('That comment is no longer waiting for review.');

/** Every comment waiting for a moderator, oldest first, with whose it is and on which tea. */
export async function listHeldComments(ctx: AppContext): Promise<HeldCommentQueue> {
  const rows = await ctx.db
    .select({ held: heldComments, username: users.username, postTitle: posts.title })
    .from(heldComments)
    .innerJoin(users, eq(users.id, heldComments.userId))
    .innerJoin(posts, eq(posts.id, heldComments.postId))
    .orderBy(asc(heldComments.createdAt));
  return {
    data: rows.map((row) => ({
      ...toHeldComment(row.held),
      user_id: row.held.userId,
      username: row.username,
      post_title: row.postTitle,
    })),
  };
}

async function lockHeld(tx: Tx, id: string) {
  if (!isUuid(id)) throw heldNotFound();
  const [row] = await tx.select().from(heldComments).where(eq(heldComments.id, id)).for('update');
  if (!row) throw heldNotFound();
  return row;
}

type Published = { event_id: number | string; event_data: NewCommentEvent; post_id: string };

/**
 * Publishes a held comment as `content`: the held row goes, the comment and its `new_comment` event
 * are stored in one statement (commentEventCte, as a paid comment's are), so a stream hears of it
 * only after commit. It keeps the moment it was written (and paid for: its ledger row's moment), so
 * it takes its place in the thread. A parent deleted meanwhile left it a top-level comment.
 */
async function publishHeld(tx: Tx, id: string, content: string): Promise<Published> {
  const result = await tx.execute(sql`
    with held as (
      delete from ${heldComments} where id = ${id} returning *
    ), stored as (
      insert into ${comments} (post_id, user_id, parent_comment_id, content, created_at)
      select held.post_id, held.user_id, held.parent_comment_id, ${content}, held.created_at from held
      returning *
    ), actor as (
      select u.id, u.username from ${users} u join stored on u.id = stored.user_id
    ), ${commentEventCte}
    select recorded.id as event_id, recorded.payload as event_data, stored.post_id
    from recorded, stored`);
  const [row] = rowsOf<Published>(result);
  if (!row) throw heldNotFound();
  return row;
}

/**
 * Approve (as written) or redact and approve (every flagged span with a removal note replaced):
 * the comment joins the conversation, its writer is told, the decision is audited without the
 * removed words, and every viewer's stream hears of it after commit.
 */
export async function approveHeldComment(
  ctx: AppContext,
  moderator: UserRow,
  id: string,
  redacting: boolean,
): Promise<{ commentId: string }> {
  const published = await ctx.db.transaction(async (tx) => {
    const held = await lockHeld(tx, id);
    const removed = redacting ? held.findings.filter(isRemovable) : [];
    const content = redact(held.content, removed);
    const row = await publishHeld(tx, id, content);
    const text = NOTIFICATION_TEXT.commentPublished;
    const summary = removedSummary(removed.map((found) => found.kind));
    await notify(tx, {
      userId: held.userId,
      kind: 'comment_published',
      title: text.title,
      body: text.body(summary),
      link: `/posts/${held.postId}`,
    });
    await recordAudit(tx, {
      actorId: moderator.id,
      action: redacting ? 'comment.redact_approve' : 'comment.approve_held',
      targetType: 'comment',
      targetId: row.event_data.comment_id,
      data: {
        post_id: held.postId,
        author_id: held.userId,
        removed: removed.map(({ kind, start, end }) => ({ kind, start, end })),
      },
    });
    return row;
  });
  await announcePostEvent(ctx, {
    type: 'new_comment',
    id: Number(published.event_id),
    postId: published.post_id,
    data: published.event_data,
  });
  return { commentId: published.event_data.comment_id };
}

/** Reject: the held comment goes, its coins come back to its writer, who is told why. */
export async function rejectHeldComment(
  ctx: AppContext,
  moderator: UserRow,
  id: string,
  reason: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const held = await lockHeld(tx, id);
    await tx.delete(heldComments).where(eq(heldComments.id, id));
    if (held.cost > 0) {
      await creditCoins(tx, {
        userId: held.userId,
        amount: held.cost,
        kind: 'refund',
        reason: 'Comment not published after review',
        actorId: moderator.id,
        reference: { type: 'post', id: held.postId },
      });
    }
    const text = NOTIFICATION_TEXT.commentRejected;
    await notify(tx, {
      userId: held.userId,
      kind: 'comment_rejected',
      title: text.title,
      body: text.body(reason),
      link: `/posts/${held.postId}`,
    });
    await recordAudit(tx, {
      actorId: moderator.id,
      action: 'comment.reject_held',
      targetType: 'comment',
      targetId: id,
      data: { post_id: held.postId, author_id: held.userId, refunded: held.cost, reason },
    });
  });
}
