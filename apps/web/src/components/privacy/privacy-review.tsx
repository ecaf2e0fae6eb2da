import { GUARD_FLAG_LABELS, isRemovable, type GuardFlag, type PrivacyReview, type StoredFinding } from '@kettle/shared';
import { ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { HighlightedText } from './highlighted-text';

const HOLDING: readonly GuardFlag[] = ['privacy', 'minor'];

/** The flags the guard raised, the two that hold a tea first and in the destructive colour. */
export function PrivacyFlags({ flags }: { flags: readonly GuardFlag[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Privacy flags">
      {flags.map((flag) => (
        <li key={flag}>
          <Badge variant={HOLDING.includes(flag) ? 'destructive' : 'outline'}>
            <ShieldAlert className="size-3.5" aria-hidden="true" /> {GUARD_FLAG_LABELS[flag]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

export const findingsIn = (review: PrivacyReview | null | undefined, field: StoredFinding['field']): StoredFinding[] =>
  review?.findings.filter((found) => found.field === field) ?? [];

/** True when a "redact" would remove something: an open review with a span that has a removal note. */
export const canRedact = (review: PrivacyReview | null | undefined): boolean =>
  review?.status === 'open' && review.findings.some(isRemovable);

/**
 * A flagged tea's text as the moderator reads it: the title, content and evidence link with the
 * guard's spans marked, and each kind found said once with why it matters.
 */
export function FlaggedTeaText({
  review,
  title,
  content,
  evidenceLink,
}: {
  review: PrivacyReview;
  title: string;
  content: string;
  evidenceLink: string | null;
}) {
  const titleFindings = findingsIn(review, 'title');
  const linkFindings = findingsIn(review, 'evidence_link');
  return (
    <div className="grid gap-2">
      {titleFindings.length > 0 ? (
        <p className="break-words text-sm">
          <span className="font-medium text-muted-foreground">Title: </span>
          <HighlightedText text={title} findings={titleFindings} />
        </p>
      ) : null}
      <p className="max-h-72 overflow-y-auto whitespace-pre-line break-words">
        <HighlightedText text={content} findings={findingsIn(review, 'content')} />
      </p>
      {evidenceLink && linkFindings.length > 0 ? (
        <p className="break-all text-sm">
          <span className="font-medium text-muted-foreground">Evidence link: </span>
          <HighlightedText text={evidenceLink} findings={linkFindings} />
        </p>
      ) : null}
    </div>
  );
}
