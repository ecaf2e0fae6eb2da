import {
  adminPostListQuerySchema,
  adminPostUpdateSchema,
  ownPostListSchema,
  ownPostSchema,
  postStatusUpdateSchema,
  type OwnPost,
} from '@kettle/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/authenticate.js';
import { changedTeas } from '../../../plugins/page-invalidation.js';
import * as admin from './posts-admin.service.js';
import { redactAndApprove } from './privacy-decision.js';

const tags = ['posts (admin)'];
/** Malformed ids answer 404 like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });

/**
 * The decision as presented, its kept pages ended: a decision that leaves the tea in the same lists
 * changes, at most, the pages naming it (a reversal's original names its id too); otherwise every
 * list may have changed (list-place.ts).
 */
function answered(request: FastifyRequest, { post, changed }: admin.Decided): OwnPost {
  changedTeas(request, changed);
  return post;
}

/** Moderation: every route is admin-only and every write is audited. */
export async function postsAdminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/admin/all', {
    schema: {
      tags,
      summary: 'Every tea, any status, with filters (admin)',
      querystring: adminPostListQuerySchema,
      response: { 200: ownPostListSchema },
    },
    onRequest: root.requireAdmin,
    handler: async (request) => admin.listAdminPosts(ctx, request.query),
  });

  app.get('/admin/:id', {
    schema: { tags, summary: 'One tea with its moderation details (admin)', params, response: { 200: ownPostSchema } },
    onRequest: root.requireAdmin,
    handler: async (request) => admin.getAdminPost(ctx, request.params.id),
  });

  app.put('/admin/:id', {
    schema: {
      tags,
      summary: "Edit a tea's fields (admin)",
      errors: [409],
      params,
      body: adminPostUpdateSchema,
      response: { 200: ownPostSchema },
    },
    onRequest: root.requireAdmin,
    config: { namesItsTeas: true },
    handler: async (request) =>
      answered(request, await admin.updateAdminPost(ctx, currentUser(request), request.params.id, request.body)),
  });

  app.put('/admin/:id/status', {
    schema: {
      tags,
      summary: 'Approve or reject a tea, with a reason when rejecting (admin)',
      errors: [409],
      params,
      body: postStatusUpdateSchema,
      response: { 200: ownPostSchema },
    },
    onRequest: root.requireAdmin,
    config: { namesItsTeas: true },
    handler: async (request) =>
      answered(request, await admin.setPostStatus(ctx, currentUser(request), request.params.id, request.body)),
  });

  app.post('/admin/:id/redact-approve', {
    schema: {
      tags,
      summary: 'Remove what the privacy guard flagged and publish the tea, telling its author (admin)',
      errors: [409],
      params,
      response: { 200: ownPostSchema },
    },
    onRequest: root.requireAdmin,
    config: { namesItsTeas: true },
    handler: async (request) => answered(request, await redactAndApprove(ctx, currentUser(request), request.params.id)),
  });

  app.delete('/:id', {
    schema: { tags, summary: 'Delete a tea and its photos (admin)', params, response: { 204: z.null() } },
    onRequest: root.requireAdmin,
    config: { namesItsTeas: true },
    handler: async (request, reply) => {
      changedTeas(request, await admin.deletePost(ctx, currentUser(request), request.params.id));
      return reply.status(204).send(null);
    },
  });
}
