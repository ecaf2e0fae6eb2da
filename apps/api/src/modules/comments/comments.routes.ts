import { commentCreatedSchema, commentCreateSchema, commentHeldSchema, commentListSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentClaims, currentUser } from '../../plugins/authenticate.js';
import { createComment, deleteComment, listComments } from './comments.service.js';
import { heldCommentsRoutes } from './held-comments.routes.js';

const tags = ['comments'];
/** Malformed ids answer 404 like unknown ones (the services check), not 422. */
const params = z.object({ id: z.string() });

/** A post's threaded conversation (under /posts/{id}) and deleting a comment (/comments/{id}). */
export async function commentsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  await root.register(heldCommentsRoutes);

  app.get('/posts/:id/comments', {
    schema: {
      tags,
      summary: 'The comments of a tea you can read, as a tree, oldest first',
      params,
      response: { 200: commentListSchema },
    },
    onRequest: root.optionalAuth,
    handler: async (request) => listComments(ctx, request.user, request.params.id),
  });

  app.post('/posts/:id/comments', {
    schema: {
      tags,
      summary: 'Comment on (or reply within) a tea you can read (10 coins)',
      description:
        'A comment the privacy guard finds private data or a minor in is paid for and held for a moderator: 202 with the held comment, which only its writer reads until a moderator decides.',
      errors: [402],
      params,
      body: commentCreateSchema,
      response: { 201: commentCreatedSchema, 202: commentHeldSchema },
    },
    // The account is read by the comment's own statement (users/actor.ts), after the body is checked.
    onRequest: root.requireClaims,
    // Comments are read through GET /posts/{id}/comments, which the page cache never keeps.
    config: { keepsPages: true },
    handler: async (request, reply) => {
      const created = await createComment(ctx, currentClaims(request).sub, request.params.id, request.body);
      if (created.held) return reply.status(202).send(created);
      return reply.status(201).send(created);
    },
  });

  app.delete('/comments/:id', {
    schema: {
      tags,
      summary: 'Delete a comment and its replies (its author or an admin; no refund)',
      params,
      response: { 204: z.null() },
    },
    onRequest: root.authenticate,
    // Kept pages show no comment, nor to a visitor which one a bounty went to.
    config: { keepsPages: true },
    handler: async (request, reply) => {
      await deleteComment(ctx, currentUser(request), request.params.id, request.log);
      return reply.status(204).send(null);
    },
  });
}
