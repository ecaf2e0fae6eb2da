import { Ban, CircleCheckBig, CircleX, Clock, RotateCcw, TimerOff, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { statusLabel, statusTone, type StatusTone } from '../utils/payment-status';

const TONE = {
  success: { className: 'bg-success text-success-foreground', icon: CircleCheckBig },
  warning: { className: 'bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-200', icon: Clock },
  danger: { className: 'bg-destructive text-destructive-foreground', icon: CircleX },
  neutral: { className: 'bg-muted text-muted-foreground', icon: RotateCcw },
} satisfies Record<StatusTone, unknown>;

/** Ended-unpaid statuses share grey with refunded: each gets its own icon so colour is never the only cue. */
const ICONS: Record<string, LucideIcon> = { cancelled: Ban, expired: TimerOff };

/**
 * A purchase's status: succeeded (or 'completed') green, pending amber, failed red; cancelled,
 * expired and refunded grey.
 */
export function PaymentStatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = statusTone(status);
  const { className: toneClass, icon: toneIcon } = TONE[tone];
  const Icon = ICONS[status.toLowerCase()] ?? toneIcon;
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        toneClass,
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">Status: </span>
      {statusLabel(status)}
    </span>
  );
}
