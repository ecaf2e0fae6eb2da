import { blockCreateSchema, blockedUserSchema, blockListSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { blockUser, listBlockedUsers, unblockUser } from './blocks.service.js';

const tags = ['blocks'];
/** Any string: unblocking something that is not blocked (or not an id) is a no-op, not an error. */
const params = z.object({ userId: z.string() });
/** A block hides comments from the blocker alone, and no kept page holds a comment or a viewer. */
const KEEPS_PAGES = { keepsPages: true };

/** The signed-in user's block list (My Account); blocks hide comments from the blocker. */
export async function blocksRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.post('/users/me/blocks', {
    schema: {
      tags,
      summary: 'Block a user: you no longer see their comments (idempotent)',
      errors: [404],
      body: blockCreateSchema,
      response: { 200: blockedUserSchema },
    },
    onRequest: root.authenticate,
    config: KEEPS_PAGES,
    handler: async (request) => blockUser(ctx, currentUser(request), request.body.user_id),
  });

  app.get('/users/me/blocks', {
    schema: { tags, summary: 'Users you blocked, newest first', response: { 200: blockListSchema } },
    onRequest: root.authenticate,
    handler: async (request) => listBlockedUsers(ctx, currentUser(request)),
  });

  app.delete('/users/me/blocks/:userId', {
    schema: { tags, summary: 'Unblock a user (idempotent)', params, response: { 204: z.null() } },
    onRequest: root.authenticate,
    config: KEEPS_PAGES,
    handler: async (request, reply) => {
      await unblockUser(ctx, currentUser(request), request.params.userId);
      return reply.status(204).send(null);
    },
  });
}
