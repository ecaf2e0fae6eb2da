import type { PostStatus } from '@kettle/shared';
import { CircleCheckBig, CircleX, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

const STATUS = {
  approved: { label: 'Approved', icon: CircleCheckBig, variant: 'success' },
  rejected: { label: 'Rejected', icon: CircleX, variant: 'destructive' },
  pending: { label: 'Pending', icon: Clock, variant: 'secondary' },
} as const;

/** A post's moderation status with its icon (spec §2 admin post view). */
export function StatusBadge({ status }: { status: PostStatus }) {
  const { label, icon: Icon, variant } = STATUS[status];
  return (
    <Badge variant={variant}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}
