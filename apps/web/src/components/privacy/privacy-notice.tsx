import { foundSummary, isRemovable, removedSummary, type PrivacyReview } from '@kettle/shared';
import { ShieldAlert } from 'lucide-react';
import { GuardReasons } from './highlighted-text';

/**
 * What the author reads about their tea's privacy review on My Teas: held for a moderator (and
 * why), flagged for a closer look, or published with details removed. Nothing once it is cleared.
 */
export function PrivacyNotice({ review }: { review: PrivacyReview | null }) {
  if (!review || review.status === 'cleared') return null;
  const kinds = review.findings.map((found) => found.kind);
  const removed = review.findings.filter(isRemovable).map((found) => found.kind);
  const text =
    review.status === 'redacted'
      ? `A moderator removed ${removedSummary(removed)} before publishing, to keep private lives private.`
      : review.held
        ? `Held for a moderator: the privacy guard found ${foundSummary(kinds)}. Nobody else sees this tea until a moderator decides.`
        : `Flagged for a closer look: ${foundSummary(kinds)}. A moderator reads it before deciding.`;
  return (
    <div className="grid gap-2 rounded-lg border border-amber-500/40 bg-amber-400/10 px-3 py-2 text-sm">
      <p className="flex items-start gap-2">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <span>{text}</span>
      </p>
      {review.status === 'open' ? <GuardReasons findings={review.findings} /> : null}
    </div>
  );
}
