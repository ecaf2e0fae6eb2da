import {
  INPUT_MESSAGES,
  MESSAGES,
  type addCoinsSchema,
  type AdminUser,
  type setCoinBalanceSchema,
} from '@kettle/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/rows.js';
import { notFound, validationFailed } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { isNumericOutOfRange } from '../../lib/pg-errors.js';
import { creditCoins, setCoinBalance } from '../coins/coins.service.js';
import { adminUserOf } from './admin-standing.js';
import { findUserById } from './users.service.js';

type AddCoinsData = z.output<typeof addCoinsSchema>;
type SetCoinBalanceData = z.output<typeof setCoinBalanceSchema>;

const userNotFound = () => notFound(MESSAGES.notFound.user);

/** POST /users/admin/{id}/add-coins: the credit, its ledger row and the audit row commit together. */
export async function addCoins(ctx: AppContext, admin: UserRow, id: string, input: AddCoinsData): Promise<AdminUser> {
  const updated = await ctx.db
    .transaction(async (tx) => {
      if (!(await findUserById(tx, id))) throw userNotFound();
      const after = await creditCoins(tx, {
        userId: id,
        amount: input.coins_to_add,
        kind: 'admin_add',
        reason: input.reason,
        actorId: admin.id,
      });
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'user.coins.add',
        targetType: 'user',
        targetId: id,
        // From the statement's own result: exact even if another change landed in between.
        data: { before: after - input.coins_to_add, after, reason: input.reason },
      });
      return findUserById(tx, id);
    })
    .catch((error: unknown) => {
      // The amount is bounded by its schema; only the sum with the balance can pass the column.
      if (!isNumericOutOfRange(error)) throw error;
      throw validationFailed([{ field: 'coins_to_add', message: INPUT_MESSAGES.balanceTooLarge }]);
    });
  if (!updated) throw userNotFound();
  return adminUserOf(ctx.db, updated);
}

/** PUT /users/admin/{id}/coin-balance: the new balance, its ledger row and the audit row commit together. */
export async function setBalance(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: SetCoinBalanceData,
): Promise<AdminUser> {
  const updated = await ctx.db.transaction(async (tx) => {
    if (!(await findUserById(tx, id))) throw userNotFound();
    const change = await setCoinBalance(tx, {
      userId: id,
      balance: input.coin_balance,
      reason: input.reason,
      actorId: admin.id,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'user.coins.set',
      targetType: 'user',
      targetId: id,
      data: { ...change, reason: input.reason },
    });
    return findUserById(tx, id);
  });
  if (!updated) throw userNotFound();
  return adminUserOf(ctx.db, updated);
}
