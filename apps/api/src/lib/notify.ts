import type { NOTIFICATION_KINDS } from '@kettle/shared';
import type { DbOrTx } from '../db/client.js';
import { notifications } from '../db/schema.js';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NewNotification = { userId: string; kind: NotificationKind; title: string; body: string; link: string };

/**
 * Every feature tells a user of its events through this one insert, as every admin action is
 * audited through recordAudit. Run it in the transaction of the event it reports, so the notice
 * exists exactly when the event does.
 */
export async function notify(db: DbOrTx, input: NewNotification): Promise<void> {
  await db.insert(notifications).values(input);
}
