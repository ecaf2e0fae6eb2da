import { flaggedCommentListSchema, guardScanStatusSchema, guardSummarySchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/authenticate.js';
import { scanStatus, startScan } from './guard-scan-job.js';
import { clearReview, guardSummary, listFlaggedComments, redactComment } from './privacy-admin.service.js';

const tags = ['guard (admin)'];
/** Malformed ids answer 404 like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });

/** The moderators' side of the privacy guard: its figures, the scan of what is published, and decisions. */
export async function privacyAdminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/guard/admin/summary', {
    schema: {
      tags,
      summary: 'Open privacy reviews per flag, held comments and the last scan (admin)',
      response: { 200: guardSummarySchema },
    },
    onRequest: root.requireAdmin,
    handler: async () => guardSummary(ctx),
  });

  app.get('/guard/admin/scan', {
    schema: {
      tags,
      summary: 'How far the scan of published teas and comments got (admin)',
      response: { 200: guardScanStatusSchema },
    },
    onRequest: root.requireAdmin,
    handler: async () => scanStatus(ctx),
  });

  app.post('/guard/admin/scan', {
    schema: {
      tags,
      summary: 'Run the privacy guard over published teas and comments, flagging, never unpublishing (admin)',
      description: 'Starts in the background and answers at once; a scan already running is not started again.',
      response: { 202: guardScanStatusSchema },
    },
    onRequest: root.requireAdmin,
    // Flags only: no published page changes.
    config: { keepsPages: true },
    handler: async (request, reply) =>
      reply.status(202).send(await startScan(ctx, currentUser(request).id, request.log)),
  });

  app.get('/guard/admin/comments', {
    schema: {
      tags,
      summary: 'Published comments with an open privacy review, oldest first (admin)',
      response: { 200: flaggedCommentListSchema },
    },
    onRequest: root.requireAdmin,
    handler: async () => listFlaggedComments(ctx),
  });

  for (const [path, target, summary] of [
    ['posts', 'postId', 'Keep a flagged tea as it is: close its privacy review (admin)'],
    ['comments', 'commentId', 'Keep a flagged comment as it is: close its privacy review (admin)'],
  ] as const) {
    app.post(`/guard/admin/${path}/:id/clear`, {
      schema: { tags, summary, errors: [404], params, response: { 204: z.null() } },
      onRequest: root.requireAdmin,
      config: { keepsPages: true },
      handler: async (request, reply) => {
        const id = request.params.id;
        await clearReview(ctx, currentUser(request), target === 'postId' ? { postId: id } : { commentId: id });
        return reply.status(204).send(null);
      },
    });
  }

  app.post('/guard/admin/comments/:id/redact', {
    schema: {
      tags,
      summary: 'Remove what the privacy guard flagged from a published comment, telling its writer (admin)',
      errors: [404],
      params,
      response: { 204: z.null() },
    },
    onRequest: root.requireAdmin,
    // Comments are read through GET /posts/{id}/comments, which the page cache never keeps.
    config: { keepsPages: true },
    handler: async (request, reply) => {
      await redactComment(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
