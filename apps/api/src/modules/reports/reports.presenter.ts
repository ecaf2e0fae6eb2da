import type { Report, ReportList } from '@kettle/shared';
import type { ReportRow, ReportWithReporter } from './reports.repository.js';

/**
 * Who reads the report. Admins see everything the desk needs. The reporter (their own list,
 * my-report, a takedown lookup) sees what they filed and its status, never the desk's notes
 * (they may name other people) nor the contact and account fields: those only ever identify
 * the reporter, and only admins may learn who reported (issue 5).
 */
export type ReportView = 'admin' | 'reporter';

/** The only way a report leaves the server: every field listed. */
export function toReport(row: ReportRow | ReportWithReporter, view: ReportView): Report {
  const admin = view === 'admin';
  return {
    id: row.id,
    reportId: row.id,
    kind: row.kind,
    reference: row.reference,
    post_id: row.postId,
    comment_id: row.commentId,
    comment_excerpt: row.commentExcerpt,
    content_url: row.contentUrl,
    tea_title: admin && 'teaTitle' in row ? row.teaTitle : null,
    tea_handle: admin && 'teaHandle' in row ? row.teaHandle : null,
    contact_email: admin ? row.contactEmail : null,
    reporter_username: admin && 'reporterUsername' in row ? row.reporterUsername : null,
    content_author_id: admin && 'contentAuthorId' in row ? row.contentAuthorId : null,
    reason: row.reason,
    description: row.description,
    status: row.status,
    admin_notes: admin ? row.adminNotes : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** product.md §3 'Report list result' for one page. */
export function toReportList(
  rows: Array<ReportRow | ReportWithReporter>,
  view: ReportView,
  page: { total: number; skip: number; limit: number },
): ReportList {
  return {
    reports: rows.map((row) => toReport(row, view)),
    total: page.total,
    total_pages: Math.ceil(page.total / page.limit),
    has_next: page.skip + rows.length < page.total,
    has_previous: page.skip > 0,
  };
}
