import {
  billingPortalSchema,
  checkoutSessionSchema,
  couponApplySchema,
  currentSubscriptionSchema,
  devSubscriptionActionResultSchema,
  devSubscriptionActionSchema,
  devSubscriptionCheckoutSchema,
  invoicePreviewQuerySchema,
  invoicePreviewSchema,
  subscriptionCheckoutRequestSchema,
  subscriptionHistoryQuerySchema,
  subscriptionHistorySchema,
  subscriptionPlansResponseSchema,
  subscriptionSchema,
  subscriptionUsageSchema,
  updatePlanRequestSchema,
  webhookStatusSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { actOnDevCheckout, getDevCheckout, renewDevSubscription } from './dev-checkout.js';
import * as service from './subscriptions.service.js';
import { toSubscription } from './subscriptions.presenter.js';

const tags = ['subscriptions'];
const sessionParamsSchema = z.object({ session_id: z.string().min(1).max(200) });

/** Monthly coin plans (product.md §7 'Subscription calls', decisions.md); every call is the signed-in user's own. */
export async function subscriptionsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const onRequest = root.authenticate;
  // A plan, its coupon and its payments are the member's own: no kept page shows them, and the
  // coins a renewal grants are read per request.
  const config = { keepsPages: true };

  app.get('/plans', {
    schema: { tags, summary: 'Monthly coin subscription plans', response: { 200: subscriptionPlansResponseSchema } },
    onRequest,
    handler: async () => service.listPlans(ctx),
  });

  app.get('/', {
    schema: { tags, summary: 'Your subscription, if any', response: { 200: currentSubscriptionSchema } },
    onRequest,
    handler: async (request) => {
      const row = await service.currentSubscription(ctx, currentUser(request));
      return row ? toSubscription(row) : null;
    },
  });

  app.post('/checkout', {
    schema: {
      tags,
      summary: 'Start a checkout for a subscription plan',
      errors: [409, 429],
      body: subscriptionCheckoutRequestSchema,
      response: { 200: checkoutSessionSchema },
    },
    onRequest,
    config,
    handler: async (request) => {
      const session = await service.startCheckout(ctx, currentUser(request), request.body.price_id);
      return { session_id: session.sessionId, url: session.url };
    },
  });

  app.post('/create-billing-portal-session', {
    schema: {
      tags,
      summary: "Open the provider's billing portal",
      errors: [404],
      response: { 200: billingPortalSchema },
    },
    onRequest,
    config,
    handler: async (request) => ({ url: await service.billingPortalUrl(ctx, currentUser(request)) }),
  });

  app.post('/cancel', {
    schema: {
      tags,
      summary: 'Cancel at the end of the current period',
      errors: [404],
      response: { 200: subscriptionSchema },
    },
    onRequest,
    config,
    handler: async (request) => toSubscription(await service.setCancelAtPeriodEnd(ctx, currentUser(request), true)),
  });

  app.post('/resume', {
    schema: { tags, summary: 'Undo a pending cancellation', errors: [404], response: { 200: subscriptionSchema } },
    onRequest,
    config,
    handler: async (request) => toSubscription(await service.setCancelAtPeriodEnd(ctx, currentUser(request), false)),
  });

  app.post('/update-plan', {
    schema: {
      tags,
      summary: 'Switch to another plan',
      errors: [404, 409],
      body: updatePlanRequestSchema,
      response: { 200: subscriptionSchema },
    },
    onRequest,
    config,
    handler: async (request) =>
      toSubscription(await service.changePlan(ctx, currentUser(request), request.body.price_id)),
  });

  app.get('/history', {
    schema: {
      tags,
      summary: 'Your subscription payments',
      querystring: subscriptionHistoryQuerySchema,
      response: { 200: subscriptionHistorySchema },
    },
    onRequest,
    handler: async (request) => service.subscriptionHistory(ctx, currentUser(request), request.query),
  });

  app.get('/invoice-preview', {
    schema: {
      tags,
      summary: 'The next invoice',
      errors: [404],
      querystring: invoicePreviewQuerySchema,
      response: { 200: invoicePreviewSchema },
    },
    onRequest,
    handler: async (request) => service.previewInvoice(ctx, currentUser(request), request.query.price_id),
  });

  app.get('/usage', {
    schema: { tags, summary: 'Coins credited this period', errors: [404], response: { 200: subscriptionUsageSchema } },
    onRequest,
    handler: async (request) => service.subscriptionUsage(ctx, currentUser(request)),
  });

  app.post('/coupon/apply', {
    schema: {
      tags,
      summary: 'Apply a coupon to your subscription',
      errors: [404],
      body: couponApplySchema,
      response: { 200: subscriptionSchema },
    },
    onRequest,
    config,
    handler: async (request) =>
      toSubscription(await service.applyCoupon(ctx, currentUser(request), request.body.coupon_code)),
  });

  app.delete('/coupon/remove', {
    schema: {
      tags,
      summary: 'Remove the coupon from your subscription',
      errors: [404],
      response: { 200: subscriptionSchema },
    },
    onRequest,
    config,
    handler: async (request) => toSubscription(await service.removeCoupon(ctx, currentUser(request))),
  });

  app.get('/webhook/status', {
    schema: { tags, summary: 'When the last provider event was processed', response: { 200: webhookStatusSchema } },
    onRequest,
    handler: async () => service.webhookStatus(ctx),
  });

  // The dev provider's own checkout page and its 'renew now' (no card keys configured).
  app.get('/dev/:session_id', {
    schema: {
      tags,
      summary: 'A dev-provider subscription checkout (development only)',
      params: sessionParamsSchema,
      response: { 200: devSubscriptionCheckoutSchema },
    },
    onRequest,
    handler: async (request) => getDevCheckout(ctx, currentUser(request), request.params.session_id),
  });

  app.post('/dev/:session_id', {
    schema: {
      tags,
      summary: 'Pay or cancel a dev-provider subscription checkout (development only)',
      errors: [409],
      params: sessionParamsSchema,
      body: devSubscriptionActionSchema,
      response: { 200: devSubscriptionActionResultSchema },
    },
    onRequest,
    config,
    handler: async (request) =>
      actOnDevCheckout(ctx, currentUser(request), request.params.session_id, request.body.action),
  });

  app.post('/dev/renew', {
    schema: {
      tags,
      summary: 'Renew a dev-provider subscription now (development only)',
      errors: [404],
      response: { 200: subscriptionSchema },
    },
    onRequest,
    config,
    handler: async (request) => toSubscription(await renewDevSubscription(ctx, currentUser(request))),
  });
}
