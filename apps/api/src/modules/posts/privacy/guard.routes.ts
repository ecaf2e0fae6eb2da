import { guardCheckResponseSchema, guardCheckSchema, GUARD_MESSAGES } from '@kettle/shared';
import { findPrivateData } from '@kettle/shared/guard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../../plugins/authenticate.js';
import { privacyAdminRoutes } from './privacy-admin.routes.js';

/**
 * POST /guard/check: the privacy guard's findings over a text, so any client can show the
 * highlights the web composer shows. The submit routes run the same detector whatever a client did.
 */
export async function guardRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  await root.register(privacyAdminRoutes);

  app.post('/guard/check', {
    schema: {
      tags: ['guard'],
      summary: 'Find private data in a text (phone numbers, addresses, minors, claims stated as fact)',
      description:
        'Offsets are JavaScript string indices (UTF-16 code units) into `text`. `subject_handle` is the tagged subject, whose own handle is not flagged. Rate limited like search.',
      errors: [401, 429],
      body: guardCheckSchema,
      response: { 200: guardCheckResponseSchema },
    },
    // Above the largest text the schema accepts, so an over-long text gets the schema's 422 and its message.
    bodyLimit: 256 * 1024,
    config: { tooLargeDetail: GUARD_MESSAGES.textTooLong, keepsPages: true },
    onRequest: root.authenticate,
    handler: async (request) => {
      const user = currentUser(request);
      await ctx.limits.hit('guardCheckPerAccount', user.id, GUARD_MESSAGES.tooMany);
      const { text, subject_handle: subjectHandle } = request.body;
      return { findings: findPrivateData(text, { subjectHandle }) };
    },
  });
}
