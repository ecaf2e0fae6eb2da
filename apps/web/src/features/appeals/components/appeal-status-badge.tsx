import { APPEAL_STATUS_LABELS, type AppealStatus } from '@kettle/shared';
import { CircleCheckBig, CircleX, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const LOOK = {
  pending: { icon: Clock, variant: 'secondary' },
  upheld: { icon: CircleCheckBig, variant: 'success' },
  denied: { icon: CircleX, variant: 'destructive' },
} as const;

/** Under review, Upheld or Denied, with its icon. */
export function AppealStatusBadge({ status, className }: { status: AppealStatus; className?: string }) {
  const { icon: Icon, variant } = LOOK[status];
  return (
    <Badge variant={variant} className={className}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">Appeal status: </span>
      {APPEAL_STATUS_LABELS[status]}
    </Badge>
  );
}
