import {
  ACCOUNT_DATA_MESSAGES,
  ADMIN_USER_MESSAGES,
  LIFT_MESSAGES,
  MESSAGES,
  type AdminUser,
  type AdminUserList,
  type AdminUserListQuery,
  type AdminUserUpdateData,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict, forbidden, notFound, type FieldError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { revokeAllForUser } from '../../lib/refresh-tokens.js';
import { isUuid } from '../../lib/ids.js';
import type { UserRow } from '../../db/rows.js';
import { banInForce } from '../../lib/account-standing.js';
import { adminUserOf, withStanding } from './admin-standing.js';
import { announceAccountClosed } from '../../lib/account-closed.js';
import { lockUserById, listUsers } from './users.repository.js';
import { emailTaken, findUserById, uniqueViolationField, usernameTaken } from './users.service.js';

const userNotFound = () => notFound(MESSAGES.notFound.user);

const CONFLICT_TEXT = { username: MESSAGES.auth.usernameTaken, email: MESSAGES.auth.emailTaken } as const;
const conflictOn = (fields: Array<keyof typeof CONFLICT_TEXT>) => {
  const errors: FieldError[] = fields.map((field) => ({ field, message: CONFLICT_TEXT[field] }));
  return conflict(errors[0]?.message ?? CONFLICT_TEXT.username, errors);
};

export async function listAdminUsers(ctx: AppContext, query: AdminUserListQuery): Promise<AdminUserList> {
  const { rows, total } = await listUsers(ctx.db, query);
  return {
    data: await withStanding(ctx.db, rows),
    metadata: { total_elements: total, skip: query.skip, limit: query.limit },
  };
}

/** A malformed id names no user: 404, as for an unknown one (not 422, not a database error). */
export async function getAdminUser(ctx: AppContext, id: string): Promise<AdminUser> {
  const row = isUuid(id) ? await findUserById(ctx.db, id) : undefined;
  if (!row) throw userNotFound();
  return adminUserOf(ctx.db, row);
}

/**
 * An admin never locks themselves out: the last admin standing is always the one acting, so
 * these two refusals are enough to keep at least one active admin.
 */
function assertNotSelfHarm(actor: UserRow, id: string, change: AdminUserUpdateData): void {
  if (actor.id !== id) return;
  if (change.is_active === false) throw forbidden(ADMIN_USER_MESSAGES.cannotDeactivateSelf);
  if (change.is_admin === false) throw forbidden(ADMIN_USER_MESSAGES.cannotDemoteSelf);
}

type Columns = Partial<Pick<UserRow, 'username' | 'email' | 'isAdmin' | 'isActive'>>;

/** The columns that really change; the audit log and the response speak API field names. */
function changedColumns(before: UserRow, change: AdminUserUpdateData): Columns {
  const columns: Columns = {};
  if (change.username !== undefined && change.username !== before.username) columns.username = change.username;
  if (change.email !== undefined && change.email !== before.email) columns.email = change.email;
  if (change.is_admin !== undefined && change.is_admin !== before.isAdmin) columns.isAdmin = change.is_admin;
  if (change.is_active !== undefined && change.is_active !== before.isActive) columns.isActive = change.is_active;
  return columns;
}

const API_NAMES: Record<keyof Columns, string> = {
  username: 'username',
  email: 'email',
  isAdmin: 'is_admin',
  isActive: 'is_active',
};

function auditDiff(before: UserRow, columns: Columns) {
  const keys = Object.keys(columns) as Array<keyof Columns>;
  return {
    before: Object.fromEntries(keys.map((key) => [API_NAMES[key], before[key]])),
    after: Object.fromEntries(keys.map((key) => [API_NAMES[key], columns[key]])),
  };
}

async function assertAvailable(tx: Tx, id: string, columns: Columns): Promise<void> {
  const taken: Array<keyof typeof CONFLICT_TEXT> = [];
  if (columns.username !== undefined && (await usernameTaken(tx, columns.username, id))) taken.push('username');
  if (columns.email !== undefined && (await emailTaken(tx, columns.email, id))) taken.push('email');
  if (taken.length > 0) throw conflictOn(taken);
}

/**
 * One path for the status call and the partial update: lock the row, refuse taken names, write
 * only what changes, and audit it. Deactivation revokes every refresh token in the same
 * transaction; the access token dies on its next call (authenticate reloads the user each time).
 * Activate refuses an account under a ban in force (409): only lifting the ban reopens it.
 * `renamed`: the username changed (it shows on the member's own teas; nothing else here shows on a
 * kept page).
 */
export async function changeUser(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  change: AdminUserUpdateData,
  action: 'user.status' | 'user.update',
): Promise<{ user: AdminUser; renamed: boolean }> {
  assertNotSelfHarm(actor, id, change);
  try {
    const { row, renamed } = await ctx.db.transaction(async (tx) => {
      const before = await lockUserById(tx, id);
      if (!before) throw userNotFound();
      if (before.deletedAt) throw conflict(ACCOUNT_DATA_MESSAGES.accountDeleted);
      const columns = changedColumns(before, change);
      if (Object.keys(columns).length === 0) return { row: before, renamed: false };
      // Activate reopens a deactivated account, never a banned one: lifting a ban is its own decision.
      if (columns.isActive === true && (await banInForce(tx, id))) throw conflict(LIFT_MESSAGES.banStands);
      await assertAvailable(tx, id, columns);
      const [after] = await tx
        .update(users)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (columns.isActive === false) await revokeAllForUser(tx, id);
      await recordAudit(tx, {
        actorId: actor.id,
        action,
        targetType: 'user',
        targetId: id,
        data: auditDiff(before, columns),
      });
      return { row: after ?? before, renamed: columns.username !== undefined };
    });
    // Streams opened before the deactivation end on every server (issue 70 item 4).
    if (change.is_active === false) await announceAccountClosed(ctx, id);
    return { user: await adminUserOf(ctx.db, row), renamed };
  } catch (error) {
    // Two admins renaming two accounts to the same name at once: the unique index decides.
    const field = uniqueViolationField(error);
    if (field) throw conflictOn([field]);
    throw error;
  }
}
