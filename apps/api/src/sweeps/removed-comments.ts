import { sql } from 'drizzle-orm';
import { appeals, removedComments } from '../db/schema.js';
import { rowsOf } from '../lib/sql-rows.js';
import { APPEAL_WINDOW_MS } from './rejected-photos.js';
import type { SweepContext } from './sweep.js';

/**
 * Forgets removed comments once their appeal window has closed (or they were put back), except
 * while an appeal filed in time waits for its answer: the kept text is personal data, held only
 * as long as an appeal needs it (docs/privacy.md).
 */
export async function sweepRemovedComments(ctx: SweepContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - APPEAL_WINDOW_MS);
  const result = await ctx.db.execute(sql`
    delete from ${removedComments} k
    where (k.removed_at <= ${cutoff} or k.restored_at is not null)
      and not exists (
        select 1 from ${appeals} a
        where a.target_type = 'comment' and a.target_id = k.comment_id and a.status = 'pending'
      )
    returning 1`);
  return rowsOf(result).length;
}
