import { APPEAL_REVIEW_BLOCK_TEXT, formatUntil, type Appeal, type AppealStatus } from '@kettle/shared';
import { Check, Hourglass, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AppealContent } from './appeal-content';
import { AppealStatusBadge } from './appeal-status-badge';
import { DecisionDetails } from './decision-details';

export type AppealOutcome = Exclude<AppealStatus, 'pending'>;

/** Opens the reason form for an outcome; the button that asked gets focus back when it closes. */
export type DecideHandler = (appeal: Appeal, outcome: AppealOutcome, opener: HTMLButtonElement) => void;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid content-start gap-2 rounded-lg border border-border p-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

/** The reviewer's outcome on a decided appeal: who, when and why. */
function Outcome({ appeal }: { appeal: Appeal }) {
  return (
    <div className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm">
      <p className="text-xs text-muted-foreground">
        {appeal.reviewed_by ? `Reviewed by ${appeal.reviewed_by}` : 'Reviewed'}
        {appeal.reviewed_at ? (
          <>
            {' '}
            on <time dateTime={appeal.reviewed_at}>{formatUntil(appeal.reviewed_at)}</time>
          </>
        ) : null}
      </p>
      {appeal.reason ? <p className="whitespace-pre-line break-words">{appeal.reason}</p> : null}
    </div>
  );
}

/** Uphold and Deny, or, when the server would refuse this admin, why the appeal waits for another. */
function Actions({ appeal, titleId, onDecide }: { appeal: Appeal; titleId: string; onDecide: DecideHandler }) {
  if (appeal.review_block) {
    return (
      <p className="flex items-start gap-2 border-t border-border pt-4 text-sm text-muted-foreground">
        <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {APPEAL_REVIEW_BLOCK_TEXT[appeal.review_block]}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap gap-2 border-t border-border pt-4">
      <Button aria-describedby={titleId} onClick={(event) => onDecide(appeal, 'upheld', event.currentTarget)}>
        <Check aria-hidden="true" /> Uphold
      </Button>
      <Button
        variant="outline"
        aria-describedby={titleId}
        onClick={(event) => onDecide(appeal, 'denied', event.currentTarget)}
      >
        <X aria-hidden="true" /> Deny
      </Button>
    </div>
  );
}

/** One appeal in the admins' queue: the decision beside what it touched, the statement, and the outcome. */
export function AdminAppealCard({ appeal, onDecide }: { appeal: Appeal; onDecide: DecideHandler }) {
  const titleId = useId();
  const username = appeal.user?.username ?? 'a deleted account';
  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={titleId} className="break-words font-display text-lg font-semibold leading-snug">
            Appeal from {username}
          </h2>
          <p className="text-xs text-muted-foreground">
            Sent <time dateTime={appeal.created_at}>{formatUntil(appeal.created_at)}</time>
          </p>
        </div>
        <AppealStatusBadge status={appeal.status} className="shrink-0" />
      </div>

      <div className="grid gap-3 md:grid-cols-2">
        <Part title="Decision">
          <DecisionDetails decision={appeal.decision} />
        </Part>
        <Part title="Content">
          <AppealContent content={appeal.content} />
        </Part>
      </div>

      <figure className="grid gap-1">
        <figcaption className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Statement
        </figcaption>
        <blockquote className="whitespace-pre-line break-words border-l-4 border-primary/40 pl-3 text-sm">
          {appeal.statement}
        </blockquote>
      </figure>

      {appeal.status === 'pending' ? (
        <Actions appeal={appeal} titleId={titleId} onDecide={onDecide} />
      ) : (
        <Outcome appeal={appeal} />
      )}
    </Card>
  );
}
