import type { Report } from '@kettle/shared';

/** Whom an admin can act on from a report, and the tea the action cites. */
export type ReportAuthor = { authorId: string; postId?: string };

/**
 * Only a tea's own report cites it: a comment's author did not write the tea it sits under.
 * A takedown request from a page outside Kettle has no known author, so no one to act on.
 */
export function reportAuthor(report: Report): ReportAuthor | null {
  if (report.content_author_id === null) return null;
  if (report.kind === 'post' && report.post_id !== null && report.comment_id === null) {
    return { authorId: report.content_author_id, postId: report.post_id };
  }
  return { authorId: report.content_author_id };
}
