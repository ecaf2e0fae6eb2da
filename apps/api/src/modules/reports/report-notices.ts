import { NOTIFICATION_TEXT } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { takedownOutcomeMail } from '../../lib/mailer/report-templates.js';
import { notify, type NotificationKind } from '../../lib/notify.js';
import type { ReportRow } from './reports.repository.js';

/** Where the reporter reads their reports' statuses (the Moderation & Safety page, Report Status). */
export const REPORT_STATUS_PATH = '/moderation?tab=status';

type Decided = ReportRow & { status: 'approved' | 'rejected' };
export const isDecided = (report: ReportRow): report is Decided =>
  report.status === 'approved' || report.status === 'rejected';

/** Names the reported thing in the notice, without saying anything the reporter did not already know. */
export function reportedThing(report: ReportRow, postTitle: string | null): string {
  if (report.kind === 'takedown') return `request ${report.reference}`;
  const tea = postTitle ? `the tea "${postTitle}"` : 'a tea';
  return report.kind === 'comment' ? `a comment on ${tea}` : tea;
}

/**
 * The reporter's in-app notice of a decision; run it in the decision's transaction. The notice
 * links to the post while it exists, else to the reporter's list of reports.
 */
export async function noticeReporterInApp(
  db: DbOrTx,
  report: Decided,
  facts: { postTitle: string | null; postRemoved: boolean },
): Promise<void> {
  if (!report.reporterId) return;
  const kind: NotificationKind = report.status === 'approved' ? 'report_approved' : 'report_rejected';
  const text = report.status === 'approved' ? NOTIFICATION_TEXT.reportApproved : NOTIFICATION_TEXT.reportRejected;
  const link = report.postId && !facts.postRemoved ? `/posts/${report.postId}` : REPORT_STATUS_PATH;
  await notify(db, {
    userId: report.reporterId,
    kind,
    title: text.title,
    body: text.body(reportedThing(report, facts.postTitle)),
    link,
  });
}

/** A takedown request is answered at the address it gave (a visitor has no other inbox); after commit. */
export async function mailTakedownOutcome(ctx: AppContext, report: Decided): Promise<void> {
  if (report.kind !== 'takedown' || !report.contactEmail) return;
  await ctx.mailer.send(
    takedownOutcomeMail(report.contactEmail, {
      reference: report.reference,
      status: report.status,
      statusUrl: `${ctx.config.appOrigin}${REPORT_STATUS_PATH}`,
    }),
  );
}
