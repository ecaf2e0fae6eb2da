import {
  REPORT_REASON_LABELS,
  TAKEDOWN_TYPE_LABELS,
  type Report,
  type ReportKind,
  type ReportStatus,
} from '@kettle/shared';

// Reports are filed from posts and comments (reports), followed up by their senders on the
// Moderation & Safety page (safety) and decided on the admins' desk (reports): the words for them
// and the key root they share live here.

/** Every report query starts with ['reports'], so one invalidation refreshes the desk and 'my reports'. */
export const reportsKey = ['reports'] as const;

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  post: 'Post',
  comment: 'Comment',
  takedown: 'Takedown request',
};

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

const labelIn = (labels: Record<string, string>, key: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(labels, key) ? labels[key] : undefined;

/**
 * A report's reason as people read it. Takedown requests store the form's type in `reason`,
 * so their labels win for that kind; an unknown value (an older reason) shows as stored.
 */
export function reportReasonLabel(report: Pick<Report, 'kind' | 'reason'>): string {
  const first = report.kind === 'takedown' ? TAKEDOWN_TYPE_LABELS : REPORT_REASON_LABELS;
  const second = report.kind === 'takedown' ? REPORT_REASON_LABELS : TAKEDOWN_TYPE_LABELS;
  return labelIn(first, report.reason) ?? labelIn(second, report.reason) ?? report.reason;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** product.md §2: the created date, or 'N/A' when there is none (or it cannot be read). */
export function formatReportDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateFormat.format(date);
}
