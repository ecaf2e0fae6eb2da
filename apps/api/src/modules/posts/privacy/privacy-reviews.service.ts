import { flagsOf, holdsForReview, type GuardFlag, type PrivacyReview, type StoredFinding } from '@kettle/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { posts, privacyReviews } from '../../../db/schema.js';

type ReviewRow = typeof privacyReviews.$inferSelect;
/** What a review is about: a tea or a comment. */
export type ReviewTarget = { postId: string; commentId?: never } | { commentId: string; postId?: never };

/** Keeps what the guard found in a tea or comment for the moderators; nothing when it found nothing. */
export async function recordReview(
  db: DbOrTx,
  target: ReviewTarget,
  findings: StoredFinding[],
  source: 'submission' | 'scan',
): Promise<void> {
  if (findings.length === 0) return;
  await db.insert(privacyReviews).values({ ...target, findings, flags: flagsOf(findings), source });
}

export const presentReview = (row: Pick<ReviewRow, 'findings' | 'flags' | 'status'>): PrivacyReview => ({
  flags: row.flags,
  findings: row.findings,
  status: row.status,
  held: row.status === 'open' && row.findings.some((found) => holdsForReview(found.severity)),
});

/** The open review of a tea or comment, locked for the moderator's decision; undefined when none is open. */
export async function lockOpenReview(tx: Tx, target: ReviewTarget): Promise<ReviewRow | undefined> {
  const [row] = await tx
    .select()
    .from(privacyReviews)
    .where(and(targetIs(target), eq(privacyReviews.status, 'open')))
    .for('update');
  return row;
}

/**
 * Closes the open review of a tea or comment, if it has one, with the moderator's decision;
 * `forgetTexts` blanks each finding's text (a redaction removed it from the tea: no copy stays here).
 */
export async function settleOpenReview(
  tx: DbOrTx,
  target: ReviewTarget,
  status: 'cleared' | 'redacted',
  moderatorId: string,
  { forgetTexts = false } = {},
): Promise<void> {
  const forgotten = sql`(select coalesce(jsonb_agg(f || '{"text": ""}'::jsonb), '[]'::jsonb) from jsonb_array_elements(${privacyReviews.findings}) f)`;
  await tx
    .update(privacyReviews)
    .set({ status, decidedAt: new Date(), decidedBy: moderatorId, ...(forgetTexts ? { findings: forgotten } : {}) })
    .where(and(targetIs(target), eq(privacyReviews.status, 'open')));
}

const targetIs = (target: ReviewTarget) =>
  target.postId === undefined
    ? eq(privacyReviews.commentId, target.commentId)
    : eq(privacyReviews.postId, target.postId);

/** The moderators' filter: teas with an open review raising `flag`. */
export const flaggedFor = (flag: GuardFlag): SQL =>
  sql`exists (select 1 from ${privacyReviews} r where r.post_id = ${posts.id} and r.status = 'open' and ${flag} = any(r.flags))`;
