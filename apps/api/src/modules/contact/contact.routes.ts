import { contactSchema, MESSAGES, messageResponseSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendContactMessage } from './contact.service.js';

/** Contact messages are kept (so none is lost) and mailed to the team's address. */
export async function contactRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.post('/auth/send-contact-email', {
    schema: {
      tags: ['contact'],
      summary: 'Send a message to the team',
      errors: [429],
      body: contactSchema,
      response: { 202: messageResponseSchema },
    },
    bodyLimit: 10 * 1024,
    config: { tooLargeDetail: MESSAGES.contact.tooLarge, keepsPages: true },
    onRequest: root.optionalAuth,
    handler: async (request, reply) => {
      await sendContactMessage(ctx, request.body, request.ip, request.user?.id ?? null);
      return reply.status(202).send({ message: MESSAGES.contact.sent });
    },
  });
}
