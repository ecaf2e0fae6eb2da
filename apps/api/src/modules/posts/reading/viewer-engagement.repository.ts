import type { ReportStatus } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { postVotes, reports } from '../../../db/schema.js';
import { rowsOf } from '../../../lib/sql-rows.js';
import type { Viewer } from '../access/rule.js';

/** What one signed-in viewer did with one post: the detail page's vote and report fields. */
export type ViewerEngagement = {
  voted: boolean;
  /** The status of the viewer's own report of this post (kind 'post'), or null if they never reported it. */
  reportStatus: ReportStatus | null;
};

export const NO_ENGAGEMENT: ViewerEngagement = { voted: false, reportStatus: null };

/** One query whatever the viewer did; none for a visitor. Only the detail presenter calls it, never a list. */
export async function loadViewerEngagement(db: DbOrTx, viewer: Viewer, postId: string): Promise<ViewerEngagement> {
  if (!viewer) return NO_ENGAGEMENT;
  const result = await db.execute(sql`
    select
      exists (
        select 1 from ${postVotes}
        where ${postVotes.userId} = ${viewer.id} and ${postVotes.postId} = ${postId}
      ) as voted,
      (
        select ${reports.status} from ${reports}
        where ${reports.kind} = 'post' and ${reports.reporterId} = ${viewer.id} and ${reports.postId} = ${postId}
        limit 1
      ) as report_status`);
  const [row] = rowsOf<{ voted: boolean; report_status: ReportStatus | null }>(result);
  return { voted: Boolean(row?.voted), reportStatus: row?.report_status ?? null };
}
