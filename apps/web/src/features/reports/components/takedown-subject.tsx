import type { Report } from '@kettle/shared';
import { FileText, Link2, Mail } from 'lucide-react';
import { Link } from 'react-router';

const LABEL = 'text-xs font-medium text-muted-foreground';

/**
 * What a takedown request names and where to answer it: the Kettle tea its URL points at (title,
 * handle, a link to the tea's admin page), or the URL as given, as text, when no tea matches it.
 */
export function TakedownSubject({ report }: { report: Report }) {
  const tea = report.post_id && report.tea_title ? { id: report.post_id, title: report.tea_title } : null;
  if (!tea && !report.content_url && !report.contact_email) return null;

  return (
    <div className="grid gap-3 rounded-lg bg-muted/60 p-3 text-sm">
      {tea ? (
        <div className="grid min-w-0 gap-0.5">
          <p className={LABEL}>Named tea</p>
          <Link
            to={`/admin/posts/${tea.id}`}
            className="inline-flex min-w-0 items-start gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
          >
            <FileText className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{tea.title}</span>
          </Link>
          {report.tea_handle ? <p className="break-all pl-5.5 text-muted-foreground">{report.tea_handle}</p> : null}
        </div>
      ) : report.content_url ? (
        <div className="grid min-w-0 gap-0.5">
          <p className={LABEL}>Named URL (no tea on Kettle matches it)</p>
          <p className="inline-flex min-w-0 items-start gap-1.5">
            <Link2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="break-all">{report.content_url}</span>
          </p>
        </div>
      ) : null}
      {report.contact_email ? (
        <a
          href={`mailto:${report.contact_email}`}
          className="inline-flex min-w-0 items-center gap-1.5 text-primary underline-offset-4 hover:underline"
        >
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">Contact email: </span>
          <span className="break-all">{report.contact_email}</span>
        </a>
      ) : null}
    </div>
  );
}
