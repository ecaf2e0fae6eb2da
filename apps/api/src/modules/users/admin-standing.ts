import type { AdminUser } from '@kettle/shared';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { actionsInForce, standingSummary } from '../../lib/account-standing.js';
import { toAdminUser } from './users.presenter.js';

/** Accounts as the users page shows them, each with its real standing. */
export async function withStanding(db: DbOrTx, rows: UserRow[]): Promise<AdminUser[]> {
  const acts = await actionsInForce(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAdminUser(row, standingSummary(row, acts.get(row.id))));
}

export async function adminUserOf(db: DbOrTx, row: UserRow): Promise<AdminUser> {
  const [user] = await withStanding(db, [row]);
  if (!user) throw new Error('unreachable: one row in, one out');
  return user;
}
