import type { AccountStandingSummary, AdminUser, CurrentUser } from '@kettle/shared';
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/rows.js';
import { suspensionInForce } from '../../lib/participation.js';
import { twoFactorMissing, twoFactorOn } from './two-factor.policy.js';

const accountFields = (row: UserRow) => ({
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

/**
 * The only way a user row leaves the server for its owner: every field listed, never the hash
 * nor the two-factor secret. Whether two-factor sign-in is required depends on the deployment.
 */
export const toCurrentUser = (row: UserRow, config: Pick<Config, 'isProduction'>): CurrentUser => ({
  ...accountFields(row),
  two_factor_enabled: twoFactorOn(row),
  two_factor_required: twoFactorMissing(config, row),
});

/**
 * Admins see the owner's fields (product.md §3 User), the coin debt that freezes spending and the
 * account's real standing (lib/account-standing.ts reads the actions it names).
 */
export const toAdminUser = (row: UserRow, standing: AccountStandingSummary): AdminUser => ({
  ...accountFields(row),
  coin_debt: row.coinDebt,
  two_factor_enabled: twoFactorOn(row),
  standing,
});
