import {
  COMMENT_MESSAGES,
  flagsOf,
  type CommentCreateData,
  type CommentHeld,
  type HeldComment,
  type StoredFinding,
} from '@kettle/shared';
import { findPrivateData } from '@kettle/shared/guard';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { heldComments, posts } from '../../db/schema.js';
import { POST_ACTION_COSTS } from '../coins/coins.service.js';
import { spendOnPost } from '../posts/access/settle-spend.js';
import type { Viewer } from '../posts/access/rule.js';
import { commentAsked, heldCommentInBatch, type HeldOutcome } from './comments.repository.js';

type HeldRow = typeof heldComments.$inferSelect;

export const toHeldComment = (row: HeldRow): HeldComment => ({
  id: row.id,
  post_id: row.postId,
  content: row.content,
  parent_comment_id: row.parentCommentId,
  created_at: row.createdAt.toISOString(),
  flags: row.flags,
  findings: row.findings,
});

/**
 * What the guard finds in a comment. Only the tea's subject may be named by handle, so the tea's
 * handle is read when, and only when, the comment names a handle at all.
 */
export async function findingsOfComment(ctx: AppContext, postId: string, content: string): Promise<StoredFinding[]> {
  let findings = findPrivateData(content);
  if (findings.some((found) => found.kind === 'handle')) {
    const [post] = await ctx.db.select({ handle: posts.taggedHandle }).from(posts).where(eq(posts.id, postId));
    if (post) findings = findPrivateData(content, { subjectHandle: post.handle });
  }
  return findings.map((found) => ({ ...found, field: 'comment' as const }));
}

/**
 * A comment with private data or a minor in it: judged and paid for exactly as a published one
 * (the same statement's rules, refusals and charge), but kept in `held_comments` for a moderator.
 */
export async function holdComment(
  ctx: AppContext,
  writerId: string,
  postId: string,
  input: CommentCreateData,
  findings: StoredFinding[],
  refuseParent: (outcome: HeldOutcome) => void,
): Promise<CommentHeld> {
  const asked = { ...commentAsked(writerId, postId, input), findings, flags: flagsOf(findings) };
  const { outcome, balance } = await spendOnPost(
    ctx,
    writerId,
    postId,
    () => heldCommentInBatch(ctx.db, asked, ctx.config.isProduction),
    {
      action: 'comment',
      refuse: refuseParent,
      cost: () => POST_ACTION_COSTS.comment,
      done: (o): o is HeldOutcome & { balance: number; held_id: string } => o.balance !== null && o.held_id !== null,
      balanceAfter: (o) => o.balance,
    },
  );
  const [row] = await ctx.db.select().from(heldComments).where(eq(heldComments.id, outcome.held_id));
  if (!row) throw new Error('the held comment was stored and is gone');
  return { held: toHeldComment(row), coin_balance: balance, message: COMMENT_MESSAGES.held };
}

/** The viewer's own comments on this tea that wait for a moderator; nobody else's, ever. */
export async function ownHeldComments(db: DbOrTx, viewer: Viewer, postId: string): Promise<HeldComment[]> {
  if (!viewer) return [];
  const rows = await db
    .select()
    .from(heldComments)
    .where(and(eq(heldComments.postId, postId), eq(heldComments.userId, viewer.id)))
    .orderBy(asc(heldComments.createdAt));
  return rows.map(toHeldComment);
}
