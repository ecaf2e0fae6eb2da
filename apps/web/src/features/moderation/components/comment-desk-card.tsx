import type { GuardFlag, StoredFinding } from '@kettle/shared';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { GuardReasons, HighlightedText } from '@/components/privacy/highlighted-text';
import { PrivacyFlags } from '@/components/privacy/privacy-review';
import { Card } from '@/components/ui/card';
import { Timestamp } from '@/components/ui/timestamp';

export type DeskComment = {
  id: string;
  post_id: string;
  post_title: string;
  username: string;
  content: string;
  created_at: string;
  flags: GuardFlag[];
  findings: StoredFinding[];
};

/** A held or flagged comment as a moderator reads it: whose, on which tea, the guard's spans marked. */
export function CommentDeskCard({ comment, children }: { comment: DeskComment; children: ReactNode }) {
  const nameId = useId();
  return (
    <Card className="grid gap-3 p-4 sm:p-5" role="article" aria-labelledby={nameId}>
      <p className="text-sm text-muted-foreground">
        <span id={nameId} className="font-semibold text-foreground">
          @{comment.username}
        </span>{' '}
        on{' '}
        <Link
          to={`/admin/posts/${comment.post_id}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {comment.post_title}
        </Link>{' '}
        · <Timestamp iso={comment.created_at} />
      </p>
      <PrivacyFlags flags={comment.flags} />
      <p className="whitespace-pre-wrap break-words">
        <HighlightedText text={comment.content} findings={comment.findings} />
      </p>
      <GuardReasons findings={comment.findings} />
      <div className="flex flex-wrap gap-2 border-t border-border pt-3">{children}</div>
    </Card>
  );
}
