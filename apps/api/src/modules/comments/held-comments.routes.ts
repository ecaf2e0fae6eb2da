import { heldCommentQueueSchema, heldCommentRejectSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { approveHeldComment, listHeldComments, rejectHeldComment } from './held-comments.admin.js';

const tags = ['comments (admin)'];
/** Malformed ids answer 404 like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });
const published = z.object({ comment_id: z.uuid() });

/** The moderators' side of comments the privacy guard held: the queue, and the three decisions. */
export async function heldCommentsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/comments/admin/held', {
    schema: {
      tags,
      summary: 'Comments waiting for review, oldest first (admin)',
      response: { 200: heldCommentQueueSchema },
    },
    onRequest: root.requireAdmin,
    handler: async () => listHeldComments(ctx),
  });

  for (const [path, redacting, summary] of [
    ['approve', false, 'Publish a held comment as written (admin)'],
    ['redact-approve', true, 'Remove what the privacy guard flagged and publish the comment (admin)'],
  ] as const) {
    app.post(`/comments/admin/held/:id/${path}`, {
      schema: { tags, summary, errors: [404], params, response: { 200: published } },
      onRequest: root.requireAdmin,
      // Comments are read through GET /posts/{id}/comments, which the page cache never keeps.
      config: { keepsPages: true },
      handler: async (request) => {
        const { commentId } = await approveHeldComment(ctx, currentUser(request), request.params.id, redacting);
        return { comment_id: commentId };
      },
    });
  }

  app.post('/comments/admin/held/:id/reject', {
    schema: {
      tags,
      summary: 'Do not publish a held comment: its coins go back to its writer (admin)',
      errors: [404],
      params,
      body: heldCommentRejectSchema,
      response: { 204: z.null() },
    },
    onRequest: root.requireAdmin,
    config: { keepsPages: true },
    handler: async (request, reply) => {
      await rejectHeldComment(ctx, currentUser(request), request.params.id, request.body.reason || null);
      return reply.status(204).send(null);
    },
  });
}
