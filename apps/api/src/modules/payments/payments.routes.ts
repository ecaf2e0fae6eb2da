import {
  checkoutRequestSchema,
  checkoutSessionSchema,
  checkoutStatusSchema,
  devCheckoutActionSchema,
  devCheckoutResultSchema,
  devCheckoutSchema,
  plansResponseSchema,
  transactionListQuerySchema,
  transactionListSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { checkoutStatus, createCheckout, listTransactions } from './checkout.service.js';
import { devCheckoutPage, settleDevCheckout } from './dev-checkout.service.js';
import { plansResponse } from './plans.js';

const sessionParamsSchema = z.object({ sessionId: z.string().min(1).max(255) });

/** Coin bundles by card (product.md §7 'Payments'); the provider's notifications are in webhook.routes.ts. */
export async function paymentsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const tags = ['payments'];

  app.get('/plans', {
    schema: { tags, summary: 'The coin bundles and the card provider', response: { 200: plansResponseSchema } },
    handler: async () => plansResponse(ctx.payments.active),
  });

  app.post('/create-checkout-session', {
    schema: {
      tags,
      summary: 'Start a card checkout for a bundle (plan key without the _plan suffix)',
      errors: [409, 429],
      body: checkoutRequestSchema,
      response: { 200: checkoutSessionSchema },
    },
    onRequest: root.authenticate,
    // Purchases and balances show to their owner only, never on a kept page.
    config: { keepsPages: true },
    handler: async (request) => createCheckout(ctx, currentUser(request), request.body.plan_id, request.log),
  });

  app.get('/transactions', {
    schema: {
      tags,
      summary: "The caller's purchases, newest first",
      querystring: transactionListQuerySchema,
      response: { 200: transactionListSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => listTransactions(ctx, currentUser(request), request.query),
  });

  app.get('/checkout-session/:sessionId', {
    schema: {
      tags,
      summary: 'Whether a checkout is paid and credited (the success page asks)',
      params: sessionParamsSchema,
      response: { 200: checkoutStatusSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => checkoutStatus(ctx, currentUser(request), request.params.sessionId, request.log),
  });

  // Kettle's own checkout exists only while it is the provider: with Stripe these routes are absent.
  if (ctx.payments.active.name !== 'dev') return;

  app.get('/dev-checkout/:sessionId', {
    schema: {
      tags,
      summary: "Kettle's test checkout page: the bundle and price of a session",
      params: sessionParamsSchema,
      response: { 200: devCheckoutSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => devCheckoutPage(ctx, currentUser(request), request.params.sessionId),
  });

  app.post('/dev-checkout/:sessionId', {
    schema: {
      tags,
      summary: "Pay, decline or cancel on Kettle's test checkout (settled through a signed notification)",
      errors: [409],
      params: sessionParamsSchema,
      body: devCheckoutActionSchema,
      response: { 200: devCheckoutResultSchema },
    },
    onRequest: root.authenticate,
    config: { keepsPages: true },
    handler: async (request) =>
      settleDevCheckout(ctx, currentUser(request), request.params.sessionId, request.body.action, request.log),
  });
}
