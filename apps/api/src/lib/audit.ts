import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export type AuditEntry = {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  data?: Record<string, unknown>;
};

/** Every admin action and every deletion leaves a row here (architecture doc, Data). */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    data: entry.data ?? null,
  });
}
