import { suspendedUntilText } from '@kettle/shared';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/current-user';

/**
 * The end of the signed-in member's suspension while it runs, else null. Taking part is refused
 * by the server until then; the buttons say so before the click instead of failing after it.
 */
export function useSuspendedUntil(): string | null {
  const { data: user } = useCurrentUser();
  const until = user?.suspended_until;
  return until && Date.parse(until) > Date.now() ? until : null;
}

/** 'Suspended until …' beside a disabled button, referenced by its aria-describedby. */
export function SuspendedHint({ id, until, className }: { id: string; until: string; className?: string }) {
  return (
    <span id={id} className={cn('text-xs text-muted-foreground', className)}>
      {suspendedUntilText(until)}
    </span>
  );
}
