import type { AppealReviewBlock, AppealReviewer } from '@kettle/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The ids of the live admins: everyone who could review an appeal, read once per request. */
export async function liveAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true), isNull(users.deletedAt)));
  return rows.map((row) => row.id);
}

type Parties = { appellantId: string; decidedBy: string | null };

/**
 * Nobody reviews an appeal of their own; the admin who decided reviews only when no other admin
 * can, or a lone admin's decisions could never be appealed.
 */
export function reviewerOf(admins: readonly string[], { appellantId, decidedBy }: Parties): AppealReviewer {
  const candidates = admins.filter((id) => id !== appellantId);
  if (candidates.length === 0) return 'awaiting_admin';
  if (decidedBy !== null && candidates.every((id) => id === decidedBy)) return 'deciding_admin';
  return 'another_admin';
}

/** Why this admin may not decide the appeal, or null when they may. */
export function reviewBlockOf(admins: readonly string[], actorId: string, parties: Parties): AppealReviewBlock | null {
  if (actorId === parties.appellantId) return 'own_appeal';
  if (actorId === parties.decidedBy && reviewerOf(admins, parties) === 'another_admin') return 'own_decision';
  return null;
}
