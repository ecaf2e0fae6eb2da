import type { NotificationList, NotificationListQuery } from '@kettle/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { toNotification } from './notifications.presenter.js';

export async function listNotifications(
  db: DbOrTx,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const mine = eq(notifications.userId, userId);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(query.skip)
      .limit(query.limit),
    db.select({ n: count() }).from(notifications).where(mine),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  return {
    data: rows.map(toNotification),
    metadata: {
      total_elements: total?.n ?? 0,
      skip: query.skip,
      limit: query.limit,
      unread_count: unread?.n ?? 0,
    },
  };
}

/** False when the notification is not the caller's (or does not exist): the route answers 404 either way. */
export async function markRead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) return false;
  if (!row.readAt) await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, id));
  return true;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
