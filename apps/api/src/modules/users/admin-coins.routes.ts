import { addCoinsSchema, adminUserSchema, idParamSchema, setCoinBalanceSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authenticate.js';
import { addCoins, setBalance } from './admin-coins.service.js';

/** Admin coin calls of product.md §7; the reason and the admin land in the ledger row and the audit log. */
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
    // A balance is read per request, never kept in a page.
    config: { keepsPages: true },
    handler: async (request) => addCoins(ctx, currentUser(request), request.params.id, request.body),
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
    // A balance is read per request, never kept in a page.
    config: { keepsPages: true },
    handler: async (request) => setBalance(ctx, currentUser(request), request.params.id, request.body),
  });
}
