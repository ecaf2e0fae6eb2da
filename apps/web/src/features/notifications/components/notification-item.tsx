import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { timeAgo } from '@kettle/shared';
import { cn } from '@/lib/cn';
import type { AppNotification } from '@kettle/shared';

/** One notice in the bell's list; unread ones carry a dot and a tint. */
export function NotificationItem({
  notification,
  onSelect,
}: {
  notification: AppNotification;
  onSelect: (notification: AppNotification) => void;
}) {
  const { title, body, created_at, read } = notification;
  return (
    <DropdownMenu.Item
      onSelect={() => onSelect(notification)}
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-muted',
        !read && 'bg-secondary/60',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', read ? 'bg-transparent' : 'bg-primary')}
      />
      <span className="grid min-w-0 gap-0.5">
        <span className={cn('break-words', read ? 'font-medium' : 'font-semibold')}>
          {!read ? <span className="sr-only">Unread: </span> : null}
          {title}
        </span>
        <span className="line-clamp-3 break-words text-muted-foreground">{body}</span>
        <time dateTime={created_at} className="text-xs text-muted-foreground">
          {timeAgo(created_at)}
        </time>
      </span>
    </DropdownMenu.Item>
  );
}
