import type { AdminUser, CurrentUser } from '@kettle/shared';
import type { UserRow } from '../../db/rows.js';
import { suspensionInForce } from '../../lib/participation.js';

/** The only way a user row leaves the server for its owner: every field listed, never the hash. */
export const toCurrentUser = (row: UserRow): CurrentUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  is_admin: row.isAdmin,
  is_active: row.isActive,
  email_verified: row.emailVerifiedAt !== null,
  suspended_until: suspensionInForce(row)?.toISOString() ?? null,
  coin_balance: row.coinBalance,
  created_at: row.createdAt.toISOString(),
});

/** Admins see the owner's fields (product.md §3 User) and the coin debt that freezes spending. */
export const toAdminUser = (row: UserRow): AdminUser => ({ ...toCurrentUser(row), coin_debt: row.coinDebt });
