import type { AppNotification } from '@kettle/shared';
import type { notifications } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** The only way a notification row leaves the server; it goes to its owner alone. */
export const toNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  read: row.readAt !== null,
  created_at: row.createdAt.toISOString(),
});
