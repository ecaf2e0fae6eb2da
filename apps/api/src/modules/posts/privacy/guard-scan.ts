import { flagsOf, type StoredFinding } from '@kettle/shared';
import { findPrivateData } from '@kettle/shared/guard';
import { and, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { comments, posts, privacyReviews } from '../../../db/schema.js';
import { findingsOfTea } from './tea-findings.js';

export type ScanCounts = { teas: number; comments: number; flagged_teas: number; flagged_comments: number };

/** A batch's checks take a few milliseconds; between batches the server answers its other requests. */
const BATCH = 100;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

type Flagged = { postId?: string; commentId?: string; findings: StoredFinding[] };

async function keep(db: DbOrTx, flagged: Flagged[]): Promise<number> {
  if (flagged.length === 0) return 0;
  // A tea or comment a moderator already read keeps its review: the scan adds, it never reopens.
  const added = await db
    .insert(privacyReviews)
    .values(flagged.map((one) => ({ ...one, flags: flagsOf(one.findings), source: 'scan' as const })))
    .onConflictDoNothing()
    .returning({ id: privacyReviews.id });
  return added.length;
}

const unreviewedTea = notExists(sql`(select 1 from ${privacyReviews} r where r.post_id = ${posts.id})`);
const unreviewedComment = notExists(sql`(select 1 from ${privacyReviews} r where r.comment_id = ${comments.id})`);
/** Below every id: the keyset's start. */
const FIRST = '00000000-0000-0000-0000-000000000000';

/**
 * `npm run guard:scan` and the admin area's scan: the privacy guard over every published tea and
 * comment no review covers yet, in batches. What it finds goes into the moderators' queue as a
 * review (source `scan`); nothing is unpublished by the scan itself.
 */
export async function scanPublished(db: DbOrTx, onBatch?: (counts: ScanCounts) => void): Promise<ScanCounts> {
  const counts: ScanCounts = { teas: 0, comments: 0, flagged_teas: 0, flagged_comments: 0 };
  for (let after = FIRST; ; ) {
    const batch = await db
      .select({
        id: posts.id,
        title: posts.title,
        content: posts.content,
        evidence_link: posts.evidenceLink,
        tagged_handle: posts.taggedHandle,
      })
      .from(posts)
      .where(and(eq(posts.status, 'approved'), gt(posts.id, after), unreviewedTea))
      .orderBy(asc(posts.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    const flagged = batch
      .map((tea) => ({ postId: tea.id, findings: findingsOfTea(tea) }))
      .filter((one) => one.findings.length > 0);
    counts.teas += batch.length;
    counts.flagged_teas += await keep(db, flagged);
    after = batch.at(-1)?.id ?? after;
    onBatch?.(counts);
    await breathe();
  }
  for (let after = FIRST; ; ) {
    const batch = await db
      .select({ id: comments.id, content: comments.content, handle: posts.taggedHandle })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(posts.status, 'approved'), gt(comments.id, after), unreviewedComment))
      .orderBy(asc(comments.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    const flagged = batch
      .map((comment) => ({
        commentId: comment.id,
        findings: findPrivateData(comment.content, { subjectHandle: comment.handle }).map((found) => ({
          ...found,
          field: 'comment' as const,
        })),
      }))
      .filter((one) => one.findings.length > 0);
    counts.comments += batch.length;
    counts.flagged_comments += await keep(db, flagged);
    after = batch.at(-1)?.id ?? after;
    onBatch?.(counts);
    await breathe();
  }
  return counts;
}
