import {
  appealDecisionInputSchema,
  appealInputSchema,
  appealListQuerySchema,
  appealListSchema,
  appealSchema,
  appealableListSchema,
  banAppealInputSchema,
  messageResponseSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { changedTeas } from '../../plugins/page-invalidation.js';
import { decideAppeal, listAppeals } from './appeals-review.service.js';
import { appealableDecisions, fileAppeal, fileBanAppeal, myAppeals } from './appeals.service.js';

/** Malformed ids answer 404 like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });
const pageQuery = appealListQuerySchema.pick({ page: true });

/** Appeals (issue 14): a user contests a decision about them; an admin other than them reviews it. */
export async function appealsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.post('/appeals', {
    schema: {
      tags: ['appeals'],
      summary:
        'Appeal a decision about you (a tea taken down, a comment removed, a warning or suspension) within 30 days',
      errors: [404, 409],
      body: appealInputSchema,
      response: { 201: appealSchema },
    },
    onRequest: root.authenticate,
    // Filed, an appeal waits for the moderators; only their decision may change a page.
    config: { keepsPages: true },
    handler: async (request, reply) =>
      reply.status(201).send(await fileAppeal(ctx, currentUser(request), request.body)),
  });

  app.post('/appeals/ban', {
    schema: {
      tags: ['appeals'],
      summary: 'Appeal a ban without signing in, by the email address and the reference in the ban mail',
      errors: [404, 409, 429],
      body: banAppealInputSchema,
      response: { 201: messageResponseSchema },
    },
    // An appeal waits for the moderators and shows on no kept page, and anyone may send this one.
    config: { keepsPages: true },
    handler: async (request, reply) => reply.status(201).send(await fileBanAppeal(ctx, request.body, request.ip)),
  });

  app.get('/appeals/mine', {
    schema: {
      tags: ['appeals'],
      summary: 'Your appeals and their outcomes, newest first',
      querystring: pageQuery,
      response: { 200: appealListSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => myAppeals(ctx, currentUser(request), request.query.page),
  });

  app.get('/appeals/eligible', {
    schema: {
      tags: ['appeals'],
      summary: 'Decisions about you that can still be appealed',
      response: { 200: appealableListSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => appealableDecisions(ctx, currentUser(request)),
  });

  app.get('/admin/appeals', {
    schema: {
      tags: ['appeals (admin)'],
      summary: 'The appeals queue, each beside the decision and the content (admin)',
      querystring: appealListQuerySchema,
      response: { 200: appealListSchema },
    },
    onRequest: root.requireAdmin,
    handler: async (request) => listAppeals(ctx, currentUser(request), request.query.status, request.query.page),
  });

  app.put('/admin/appeals/:id', {
    schema: {
      tags: ['appeals (admin)'],
      summary: 'Uphold (reverse the decision, return its fee) or deny an appeal, with a reason (admin)',
      errors: [403, 404, 409],
      params,
      body: appealDecisionInputSchema,
      response: { 200: appealSchema },
    },
    onRequest: root.requireAdmin,
    config: { namesItsTeas: true },
    handler: async (request) => {
      const appeal = await decideAppeal(ctx, currentUser(request), request.params.id, request.body);
      // Only an upheld appeal of a tea's removal publishes something again; a comment put back and
      // a lifted sanction show on no kept page.
      changedTeas(request, appeal.status === 'upheld' && appeal.target_type === 'post' ? null : []);
      return appeal;
    },
  });
}
