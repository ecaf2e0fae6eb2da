import { webhookAckSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { receiveNotification } from './webhook-events.service.js';

/** Stripe's events are small; this leaves room for large ones without opening the door wide. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * `POST /payments/webhook`: the card provider's notifications. Signatures are computed over the
 * exact bytes sent, so this plugin (and only it: the parser is encapsulated here) keeps the body
 * as a Buffer instead of parsing JSON; re-serialised JSON would not verify.
 */
export async function paymentsWebhookRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  root.removeAllContentTypeParsers();
  root.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/webhook', {
    schema: {
      tags: ['payments'],
      summary: "The card provider's signed notifications (Stripe-Signature, or Kettle-Signature from the dev checkout)",
      response: { 200: webhookAckSchema },
    },
    bodyLimit: WEBHOOK_BODY_LIMIT,
    // Coins, purchases and subscriptions: nothing a kept page shows.
    config: { keepsPages: true },
    handler: async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return receiveNotification(ctx, body, request.headers, request.log);
    },
  });
}
