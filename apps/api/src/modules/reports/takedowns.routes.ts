import {
  MESSAGES,
  REPORT_MESSAGES,
  reportSchema,
  takedownCreatedSchema,
  takedownCreateSchema,
  takedownLookupSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTakedown, lookupTakedown } from './takedowns.service.js';

const tags = ['moderation'];
// A request waits for the moderators and shows on no kept page; the lookup only reads (keepsPages).
const tooLarge = { tooLargeDetail: MESSAGES.contact.tooLarge, keepsPages: true };

/** The Moderation & Safety form: anyone may ask for a takedown, and look it up by reference and email. */
export async function takedownsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.post('/moderation/requests', {
    schema: {
      tags,
      summary: 'Ask the moderators to review content (no account needed)',
      errors: [429],
      body: takedownCreateSchema,
      response: { 201: takedownCreatedSchema },
    },
    bodyLimit: 16 * 1024,
    config: tooLarge,
    onRequest: root.optionalAuth,
    handler: async (request, reply) => {
      // Counted before the honeypot, so a bot is limited like anyone else.
      await ctx.limits.hit('takedownPerIp', request.ip, REPORT_MESSAGES.tooManyTakedowns);
      return reply.status(201).send(await createTakedown(ctx, request.user, request.body));
    },
  });

  app.post('/moderation/requests/lookup', {
    schema: {
      tags,
      summary: 'A takedown request by its reference and email',
      errors: [404, 429],
      body: takedownLookupSchema,
      response: { 200: reportSchema },
    },
    bodyLimit: 4 * 1024,
    config: tooLarge,
    handler: async (request) => {
      await ctx.limits.hit('takedownLookupPerIp', request.ip, REPORT_MESSAGES.tooManyLookups);
      return lookupTakedown(ctx, request.body);
    },
  });
}
