import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AppNotification, NotificationList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSession } from '@/lib/session';
import { toastError } from '@/lib/toast-store';

export const notificationsKey = ['notifications'] as const;
export const NOTIFICATIONS_LIMIT = 20;
const POLL_MS = 60_000;

export const getNotifications = (signal?: AbortSignal) =>
  api.get<NotificationList>('/notifications', { skip: 0, limit: NOTIFICATIONS_LIMIT }, signal);

/** The newest notices and the unread count: polled every minute and on focus while signed in. */
export function useNotifications() {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => getNotifications(signal),
    enabled: isAuthenticated,
    staleTime: 30_000,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
}

type Snapshot = { previous: NotificationList | undefined };

/** Marks notices read in the cache at once; the server call follows and is rolled back on failure. */
async function markLocally(client: QueryClient, isTarget: (n: AppNotification) => boolean): Promise<Snapshot> {
  await client.cancelQueries({ queryKey: notificationsKey });
  const previous = client.getQueryData<NotificationList>(notificationsKey);
  if (previous) {
    const newlyRead = previous.data.filter((n) => !n.read && isTarget(n)).length;
    client.setQueryData<NotificationList>(notificationsKey, {
      data: previous.data.map((n) => (isTarget(n) ? { ...n, read: true } : n)),
      metadata: { ...previous.metadata, unread_count: Math.max(0, previous.metadata.unread_count - newlyRead) },
    });
  }
  return { previous };
}

function useMarkMutation<V>(
  send: (variables: V) => Promise<void>,
  isTarget: (v: V) => (n: AppNotification) => boolean,
) {
  const client = useQueryClient();
  return useMutation<void, Error, V, Snapshot>({
    mutationFn: send,
    onMutate: (variables) => markLocally(client, isTarget(variables)),
    onError: (error, _variables, context) => {
      if (context?.previous) client.setQueryData(notificationsKey, context.previous);
      toastError(apiErrorMessage(error, 'Failed to update notifications'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export const useMarkNotificationRead = () =>
  useMarkMutation(
    (id: string) => api.post<void>(`/notifications/${encodeURIComponent(id)}/read`),
    (id) => (n) => n.id === id,
  );

export const useMarkAllNotificationsRead = () =>
  useMarkMutation<void>(
    () => api.post<void>('/notifications/read-all'),
    () => () => true,
  );
