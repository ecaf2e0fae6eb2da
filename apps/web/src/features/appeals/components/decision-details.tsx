import { formatUntil, type Appealable } from '@kettle/shared';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type AppealedDecision = Appealable['decision'];

function Item({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('grid min-w-0 content-start gap-0.5', wide && 'sm:col-span-2')}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="whitespace-pre-line break-words font-medium">{children}</dd>
    </div>
  );
}

const When = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatUntil(iso)}</time>;

type DecisionDetailsProps = {
  decision: AppealedDecision;
  /** The tea or comment it touched, when the list names one. */
  title?: string | null;
  /** When the appeal window closes (the decisions still open to appeal). */
  appealBy?: string;
  className?: string;
};

/**
 * A decision as every appeal screen shows it: what, about what, the rule and the reason, when,
 * until when it can be appealed, and who decided (filled for admins only).
 */
export function DecisionDetails({ decision, title, appealBy, className }: DecisionDetailsProps) {
  return (
    <dl className={cn('grid gap-3 text-sm sm:grid-cols-2', className)}>
      <Item term="Decision">{decision.label}</Item>
      {title ? <Item term="About">{title}</Item> : null}
      {decision.rule_title ? <Item term="Rule">{decision.rule_title}</Item> : null}
      {decision.reason ? (
        <Item term="Reason" wide>
          {decision.reason}
        </Item>
      ) : null}
      <Item term="Decided">
        <When iso={decision.decided_at} />
      </Item>
      {decision.decided_by ? <Item term="Decided by">{decision.decided_by}</Item> : null}
      {appealBy ? (
        <Item term="Appeal by">
          <When iso={appealBy} />
        </Item>
      ) : null}
    </dl>
  );
}
