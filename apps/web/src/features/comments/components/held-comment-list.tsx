import { COMMENT_MESSAGES, type HeldComment } from '@kettle/shared';
import { Clock } from 'lucide-react';
import { Timestamp } from '@/components/ui/timestamp';
import { GuardReasons, HighlightedText } from '@/components/privacy/highlighted-text';

/**
 * The reader's own comments the privacy guard held: shown only to them (the server sends them to
 * nobody else), with the words it found marked and why a moderator reads them first.
 */
export function HeldCommentList({ held }: { held: readonly HeldComment[] }) {
  return (
    <section aria-label="Your comments waiting for review" className="grid gap-3">
      {held.map((comment) => (
        <article
          key={comment.id}
          className="grid gap-2 rounded-xl border border-dashed border-amber-500/70 bg-card/60 px-4 py-3"
        >
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
            <Clock className="size-4 text-amber-600 dark:text-amber-400" aria-hidden="true" />
            {COMMENT_MESSAGES.waiting}
            <span className="text-xs font-normal text-muted-foreground">
              <Timestamp iso={comment.created_at} />
            </span>
          </p>
          <p className="whitespace-pre-wrap break-words text-sm">
            <HighlightedText text={comment.content} findings={comment.findings} />
          </p>
          <p className="text-xs text-muted-foreground">{COMMENT_MESSAGES.held}</p>
          <GuardReasons findings={comment.findings} />
        </article>
      ))}
    </section>
  );
}
