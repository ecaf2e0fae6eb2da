import {
  addCoinsSchema,
  adminUserSchema,
  idParamSchema,
  INPUT_MESSAGES,
  MESSAGES,
  setCoinBalanceSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, validationFailed } from '../../lib/app-error.js';
import { isNumericOutOfRange } from '../../lib/pg-errors.js';
import { currentUser } from '../../plugins/authenticate.js';
import { recordAudit } from '../../lib/audit.js';
import { creditCoins, setCoinBalance } from '../coins/coins.service.js';
import { toAdminUser } from './users.presenter.js';
import { findUserById } from './users.repository.js';

/** Admin coin calls of spec §7; the reason and the admin land in the ledger row and the audit log. */
export async function adminCoinsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const tags = ['users (admin)'];

  app.post('/users/admin/:id/add-coins', {
    schema: {
      tags,
      summary: "Add Tea Coins to a user's balance, with a reason (admin)",
      params: idParamSchema,
      body: addCoinsSchema,
      response: { 200: adminUserSchema },
    },
    onRequest: root.requireAdmin,
    handler: async (request) => {
      const admin = currentUser(request);
      const { id } = request.params;
      const updated = await ctx.db
        .transaction(async (tx) => {
          if (!(await findUserById(tx, id))) throw notFound(MESSAGES.notFound.user);
          const after = await creditCoins(tx, {
            userId: id,
            amount: request.body.coins_to_add,
            kind: 'admin_add',
            reason: request.body.reason,
            actorId: admin.id,
          });
          await recordAudit(tx, {
            actorId: admin.id,
            action: 'user.coins.add',
            targetType: 'user',
            targetId: id,
            // From the statement's own result: exact even if another change landed in between.
            data: { before: after - request.body.coins_to_add, after, reason: request.body.reason },
          });
          return findUserById(tx, id);
        })
        .catch((error: unknown) => {
          // The amount is bounded by its schema; only the sum with the balance can pass the column.
          if (!isNumericOutOfRange(error)) throw error;
          throw validationFailed([{ field: 'coins_to_add', message: INPUT_MESSAGES.balanceTooLarge }]);
        });
      if (!updated) throw notFound(MESSAGES.notFound.user);
      return toAdminUser(updated);
    },
  });

  app.put('/users/admin/:id/coin-balance', {
    schema: {
      tags,
      summary: "Set a user's balance, with a reason (admin)",
      errors: [409],
      params: idParamSchema,
      body: setCoinBalanceSchema,
      response: { 200: adminUserSchema },
    },
    onRequest: root.requireAdmin,
    handler: async (request) => {
      const admin = currentUser(request);
      const { id } = request.params;
      const updated = await ctx.db.transaction(async (tx) => {
        if (!(await findUserById(tx, id))) throw notFound(MESSAGES.notFound.user);
        const change = await setCoinBalance(tx, {
          userId: id,
          balance: request.body.coin_balance,
          reason: request.body.reason,
          actorId: admin.id,
        });
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'user.coins.set',
          targetType: 'user',
          targetId: id,
          data: { ...change, reason: request.body.reason },
        });
        return findUserById(tx, id);
      });
      if (!updated) throw notFound(MESSAGES.notFound.user);
      return toAdminUser(updated);
    },
  });
}
