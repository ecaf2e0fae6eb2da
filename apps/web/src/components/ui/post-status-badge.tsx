import type { PostStatus } from '@kettle/shared';
import { CircleCheckBig, CircleX, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const STATUS = {
  approved: { label: 'Approved', icon: CircleCheckBig, variant: 'success' },
  rejected: { label: 'Rejected', icon: CircleX, variant: 'destructive' },
  pending: { label: 'Pending', icon: Clock, variant: 'secondary' },
} as const;

/** Approved, rejected, or (anything else) pending, with its icon. */
export function PostStatusBadge({ status, className }: { status: PostStatus; className?: string }) {
  const { label, icon: Icon, variant } = STATUS[status] ?? STATUS.pending;
  return (
    <Badge variant={variant} className={className}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}
