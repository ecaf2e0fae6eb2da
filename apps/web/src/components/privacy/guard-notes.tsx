import { ALLEGATION_REWORDINGS, GUARD_KINDS, holdsForReview, isRemovable, type GuardFinding } from '@kettle/shared';
import { redact, reword } from '@kettle/shared/guard/fixes';
import { ShieldAlert } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';

/** More than this many notes would bury the box they are about; the rest are counted. */
const SHOWN = 8;

const quoted = (text: string) => `“${text.length > 48 ? `${text.slice(0, 45)}…` : text}”`;

/** What screen readers hear when the findings change: one sentence, not the list. */
export function guardSummary(findings: readonly GuardFinding[]): string {
  if (findings.length === 0) return '';
  const held = findings.filter((found) => holdsForReview(found.severity)).length;
  const things = (n: number) => `${n} ${n === 1 ? 'thing' : 'things'}`;
  return held > 0
    ? `Privacy check: ${things(held)} would hold this for a moderator. The notes under the box say what and offer a fix.`
    : `Privacy check: ${things(findings.length)} worth a second look, in the notes under the box.`;
}

/**
 * The privacy guard's notes under a box being typed in: each finding with the rule in plain words
 * and a one-click fix (remove private data, or reword a claim as what the author saw or thinks).
 * `onFix` gets the whole new text; nothing is changed without the author's click.
 */
export function GuardNotes({
  text,
  findings,
  onFix,
}: {
  text: string;
  findings: readonly GuardFinding[];
  onFix: (next: string) => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const fix = (next: string) => {
    onFix(next);
    // The clicked button goes with its note: focus stays in the notes rather than falling to the page.
    panel.current?.focus();
  };
  const removable = findings.filter((found) => holdsForReview(found.severity) && isRemovable(found));
  const holds = findings.some((found) => holdsForReview(found.severity));
  return (
    <>
      <p className="sr-only" aria-live="polite">
        {guardSummary(findings)}
      </p>
      {findings.length > 0 ? (
        <div
          ref={panel}
          tabIndex={-1}
          className="grid gap-2 rounded-lg border border-amber-500/40 bg-amber-400/10 p-3 text-sm outline-none"
        >
          <p className="flex items-start gap-2 font-medium">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
            {holds
              ? 'A moderator will read this before anyone else sees it, unless you remove what is marked.'
              : 'Worth a second look before you post.'}
          </p>
          <ul className="grid gap-2">
            {findings.slice(0, SHOWN).map((found) => (
              <GuardNote key={`${found.start}-${found.kind}`} text={text} found={found} onFix={fix} />
            ))}
          </ul>
          {findings.length > SHOWN ? (
            <p className="text-xs text-muted-foreground">And {findings.length - SHOWN} more marked in the text.</p>
          ) : null}
          {removable.length > 1 ? (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => fix(redact(text, removable))}
            >
              Remove all {removable.length} private details
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function GuardNote({ text, found, onFix }: { text: string; found: GuardFinding; onFix: (next: string) => void }) {
  const kind = GUARD_KINDS[found.kind];
  return (
    <li className="grid gap-1.5 border-t border-amber-500/20 pt-2 first:border-t-0 first:pt-0">
      <p>
        <span className="font-semibold">{kind.label}</span> <span className="break-words">{quoted(found.text)}</span>
        <span className="block text-xs text-muted-foreground">{kind.why}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {isRemovable(found) ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Remove ${kind.label.toLowerCase()} ${quoted(found.text)}`}
            onClick={() => onFix(redact(text, [found]))}
          >
            Remove
          </Button>
        ) : (
          ALLEGATION_REWORDINGS.map((opening) => (
            <Button
              key={opening}
              variant="outline"
              size="sm"
              aria-label={`Start the sentence with “${opening.trim()}”`}
              onClick={() => onFix(reword(text, found, opening))}
            >
              {opening.trim().replace(/,$/, '')} …
            </Button>
          ))
        )}
      </div>
    </li>
  );
}
