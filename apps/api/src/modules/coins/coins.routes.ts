import { dailyDropResultSchema, dailyDropStatusSchema, ledgerListQuerySchema, ledgerListSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authenticate.js';
import { claimDailyDrop, dailyDropStatus } from './daily-drop.service.js';
import { listLedger } from './ledger.service.js';

export async function coinsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/coins/daily-drop', {
    schema: {
      tags: ['coins'],
      summary: "Whether today's free coins are still to claim",
      response: { 200: dailyDropStatusSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => dailyDropStatus(ctx, currentUser(request)),
  });

  app.post('/coins/daily-drop', {
    schema: {
      tags: ['coins'],
      summary: 'Claim the free coins of the day (once per UTC day)',
      errors: [409],
      response: { 200: dailyDropResultSchema },
    },
    onRequest: root.authenticate,
    // A balance shows only to its owner (plugins/page-invalidation.ts).
    config: { keepsPages: true },
    handler: async (request) => claimDailyDrop(ctx, currentUser(request)),
  });

  app.get('/coins/ledger', {
    schema: {
      tags: ['coins'],
      summary: "The caller's coin ledger, newest first",
      querystring: ledgerListQuerySchema,
      response: { 200: ledgerListSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => listLedger(ctx.db, currentUser(request).id, request.query),
  });
}
