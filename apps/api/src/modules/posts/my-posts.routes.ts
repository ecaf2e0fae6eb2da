import { myPostListSchema, myPostsQuerySchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authenticate.js';
import { listMyPosts } from './my-posts.service.js';

/**
 * GET /posts/me. A static segment, so the router prefers it over any `/:id` route whatever
 * the registration order; posts.routes.ts still registers it first to make that plain.
 */
export async function myPostsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/me', {
    schema: {
      tags: ['posts'],
      summary: "The caller's own teas, newest first",
      querystring: myPostsQuerySchema,
      response: { 200: myPostListSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => listMyPosts(ctx, currentUser(request).id, request.query),
  });
}
