import { contactSchema, MESSAGES, messageResponseSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactMessages } from '../../db/schema.js';
import { contactMail } from '../../lib/mailer/templates.js';

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
    config: { tooLargeDetail: MESSAGES.contact.tooLarge },
    onRequest: root.optionalAuth,
    handler: async (request, reply) => {
      await ctx.limits.hit('contactPerIp', request.ip, 'Too many messages. Please try again later.');
      const { website, ...input } = request.body;
      if (!website) {
        await ctx.db.insert(contactMessages).values({ ...input, userId: request.user?.id ?? null });
        const teamAddress = ctx.config.admin?.email ?? ctx.config.mailFrom;
        await ctx.mailer.send(contactMail(teamAddress, input));
      }
      return reply.status(202).send({ message: MESSAGES.contact.sent });
    },
  });
}
