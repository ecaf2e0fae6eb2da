import type { Report } from '@kettle/shared';
import { Eye, FileText, Flag, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PostStatusBadge } from '@/components/ui/post-status-badge';
import { formatReportDate, REPORT_KIND_LABELS, reportReasonLabel } from '@/lib/reports';
import { reportAuthor, type ReportAuthor } from '../utils/report-author';
import { TakedownSubject } from './takedown-subject';
import { UpdateReportDialog } from './update-report-dialog';

const KIND_ICONS = { post: FileText, comment: MessageSquare, takedown: Flag } as const;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="break-all font-medium">{children}</dd>
    </div>
  );
}

/** Who filed it: a username, a visitor's takedown request, or an account deleted since. */
function reporterName(report: Report): string {
  if (report.reporter_username) return report.reporter_username;
  return report.kind === 'takedown' ? 'Visitor' : 'Deleted account';
}

/** The page's Take Action control for a report's author: another feature's, so it comes in as a slot. */
export type RenderAuthorAction = (author: ReportAuthor) => ReactNode;

type AdminReportCardProps = { report: Report; renderAuthorAction?: RenderAuthorAction };

/** One report on the admin desk (product.md §2), with what it is about and how to act on it. */
export function AdminReportCard({ report, renderAuthorAction }: AdminReportCardProps) {
  const titleId = useId();
  const KindIcon = KIND_ICONS[report.kind];
  const description = report.description.trim();
  const author = reportAuthor(report);

  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <Badge variant="outline" className="w-fit">
            <KindIcon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Kind: </span>
            {REPORT_KIND_LABELS[report.kind]}
          </Badge>
          <h2 id={titleId} className="break-words font-display text-lg font-semibold leading-snug">
            {reportReasonLabel(report)}
          </h2>
        </div>
        <PostStatusBadge status={report.status} className="shrink-0" />
      </div>

      {description ? (
        <p className="line-clamp-3 whitespace-pre-line break-words text-sm" title={description}>
          {description}
        </p>
      ) : (
        <p className="text-sm italic text-muted-foreground">No details given.</p>
      )}

      {report.kind === 'comment' && report.comment_excerpt ? (
        <figure className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm">
          <figcaption className="text-xs font-medium text-muted-foreground">Reported comment</figcaption>
          <blockquote className="line-clamp-3 whitespace-pre-line break-words">{report.comment_excerpt}</blockquote>
        </figure>
      ) : null}

      {report.kind === 'takedown' ? <TakedownSubject report={report} /> : null}

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Detail term="Reference">
          <span className="font-mono">{report.reference}</span>
        </Detail>
        <Detail term="Report ID">{report.id}</Detail>
        <Detail term="Post ID">{report.post_id ?? 'None'}</Detail>
        <Detail term="Reporter">{reporterName(report)}</Detail>
        <Detail term="Created">
          {report.created_at ? <time dateTime={report.created_at}>{formatReportDate(report.created_at)}</time> : 'N/A'}
        </Detail>
      </dl>

      {report.admin_notes ? (
        <div className="rounded-lg border border-border p-3 text-sm">
          <p className="text-xs font-medium text-muted-foreground">Admin notes</p>
          <p className="mt-1 whitespace-pre-line break-words">{report.admin_notes}</p>
        </div>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
        <UpdateReportDialog report={report} />
        {report.post_id ? (
          <Button asChild variant="outline">
            <Link to={`/admin/posts/${report.post_id}`}>
              <Eye aria-hidden="true" /> View Post
            </Link>
          </Button>
        ) : (
          <Button variant="outline" disabled>
            <Eye aria-hidden="true" /> View Post
          </Button>
        )}
        {author && renderAuthorAction ? renderAuthorAction(author) : null}
      </div>
    </Card>
  );
}
