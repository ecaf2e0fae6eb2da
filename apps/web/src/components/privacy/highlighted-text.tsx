import { GUARD_KINDS, holdsForReview, type GuardFinding } from '@kettle/shared';
import { cn } from '@/lib/cn';

type Span = Pick<GuardFinding, 'start' | 'end' | 'kind' | 'severity'>;

/**
 * A text with what the privacy guard found marked in place: private data and minors in the
 * destructive colour, hints and claims underlined. Each mark names its kind for screen readers too.
 * As a composer's backdrop the marks take no room of their own, so they sit exactly under the typed words.
 */
export function HighlightedText({
  text,
  findings,
  backdrop = false,
}: {
  text: string;
  findings: readonly Span[];
  backdrop?: boolean;
}) {
  const ordered = [...findings]
    .filter((f) => f.start < f.end && f.end <= text.length)
    .sort((a, b) => a.start - b.start);
  const parts: Array<{ text: string; found?: Span }> = [];
  let at = 0;
  for (const found of ordered) {
    if (found.start < at) continue;
    if (found.start > at) parts.push({ text: text.slice(at, found.start) });
    parts.push({ text: text.slice(found.start, found.end), found });
    at = found.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return (
    <>
      {parts.map((part, index) =>
        part.found ? (
          <mark
            key={index}
            className={cn(
              'rounded-sm text-inherit',
              !backdrop && 'px-0.5',
              holdsForReview(part.found.severity)
                ? 'bg-destructive/15 underline decoration-destructive decoration-2 underline-offset-2'
                : 'bg-amber-400/20 underline decoration-amber-500 decoration-dotted decoration-2 underline-offset-2',
            )}
          >
            {part.text}
            {backdrop ? null : <span className="sr-only"> ({GUARD_KINDS[part.found.kind].label})</span>}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** Each kind found once, with why it matters: the words beside a held text or a highlight. */
export function GuardReasons({ findings }: { findings: readonly Pick<GuardFinding, 'kind'>[] }) {
  const kinds = [...new Set(findings.map((found) => found.kind))];
  return (
    <ul className="grid gap-1 text-xs text-muted-foreground">
      {kinds.map((kind) => (
        <li key={kind}>
          <span className="font-semibold text-foreground">{GUARD_KINDS[kind].label}:</span> {GUARD_KINDS[kind].why}
        </li>
      ))}
    </ul>
  );
}
