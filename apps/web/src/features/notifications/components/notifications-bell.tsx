import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { AppNotification } from '@kettle/shared';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FROM_NOTIFICATION } from '@/components/ui/post-load-error';
import { Spinner } from '@/components/ui/spinner';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications';
import { NotificationItem } from './notification-item';

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The header bell: unread count, the latest notices, mark one or all as read. */
export function NotificationsBell() {
  const navigate = useNavigate();
  const headingId = useId();
  const { data, isPending, isError, refetch } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = data?.metadata.unread_count ?? 0;
  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';

  const open = (notification: AppNotification) => {
    if (!notification.read) markRead.mutate(notification.id);
    // Only the app's own paths are followed.
    if (notification.link?.startsWith('/') && !notification.link.startsWith('//'))
      void navigate(notification.link, { state: FROM_NOTIFICATION });
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative rounded-full">
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.7rem] font-bold leading-none text-destructive-foreground"
            >
              {badgeText(unread)}
            </span>
          ) : null}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(22rem,calc(100vw-1rem))] flex-col rounded-xl border border-border bg-card text-card-foreground shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
            <p id={headingId} className="font-semibold">
              Notifications
            </p>
            <DropdownMenu.Item
              disabled={unread === 0 || markAll.isPending}
              onSelect={(event) => {
                event.preventDefault();
                markAll.mutate();
              }}
              className="flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-primary outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-muted"
            >
              <CheckCheck className="size-4" aria-hidden="true" /> Mark all as read
            </DropdownMenu.Item>
          </div>
          <div className="overflow-y-auto p-1.5">
            {isPending ? (
              <div className="flex justify-center p-6">
                <Spinner label="Loading notifications" />
              </div>
            ) : isError ? (
              <div className="grid justify-items-center gap-2 p-6 text-center text-sm">
                <p>Couldn&apos;t load notifications.</p>
                <DropdownMenu.Item
                  onSelect={(event) => {
                    event.preventDefault();
                    void refetch();
                  }}
                  className="cursor-pointer rounded-lg border border-input px-3 py-1.5 font-medium outline-none data-[highlighted]:bg-muted"
                >
                  Try Again
                </DropdownMenu.Item>
              </div>
            ) : data.data.length === 0 ? (
              <div className="flex flex-col items-center gap-2 p-6 text-center text-sm text-muted-foreground">
                <BellOff className="size-6" aria-hidden="true" />
                <p>No notifications yet</p>
              </div>
            ) : (
              data.data.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onSelect={open} />
              ))
            )}
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
