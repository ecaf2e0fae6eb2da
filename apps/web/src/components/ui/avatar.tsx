import { initials } from '@kettle/shared';
import { cn } from '@/lib/cn';

export function InitialsAvatar({
  username,
  email,
  className,
}: {
  username?: string | null;
  email?: string | null;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground',
        className,
      )}
    >
      {initials(username, email)}
    </span>
  );
}
