import {
  MESSAGES,
  myReportSchema,
  reportCreatedSchema,
  reportCreateSchema,
  reportListQuerySchema,
  reportListSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { myPostReport, myReports, reportComment, reportPost } from './reports.service.js';

const tags = ['reports'];
/** Malformed ids answer 404 like unknown ones (the services check), not 422. */
const params = z.object({ id: z.string() });
/** A reason and at most 1000 characters of details: 16 KB is plenty even in UTF-8. */
// A report shows only to its reporter and the moderators, never on a kept page (keepsPages).
const small = { bodyLimit: 16 * 1024, config: { tooLargeDetail: MESSAGES.contact.tooLarge, keepsPages: true } };

/** Members reporting posts and comments, and reading back what they reported. */
export async function reportsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.post('/posts/:id/report', {
    schema: {
      tags,
      summary: 'Report a tea (15 coins, once per tea)',
      errors: [402, 409],
      params,
      body: reportCreateSchema,
      response: { 201: reportCreatedSchema },
    },
    ...small,
    onRequest: root.authenticate,
    handler: async (request, reply) =>
      reply.status(201).send(await reportPost(ctx, currentUser(request), request.params.id, request.body)),
  });

  app.post('/comments/:id/report', {
    schema: {
      tags,
      summary: 'Report a comment (15 coins, once per comment)',
      errors: [402, 409],
      params,
      body: reportCreateSchema,
      response: { 201: reportCreatedSchema },
    },
    ...small,
    onRequest: root.authenticate,
    handler: async (request, reply) =>
      reply.status(201).send(await reportComment(ctx, currentUser(request), request.params.id, request.body)),
  });

  app.get('/posts/:id/my-report', {
    schema: { tags, summary: 'Your report on a tea, or null', params, response: { 200: myReportSchema } },
    onRequest: root.authenticate,
    handler: async (request) => myPostReport(ctx, currentUser(request), request.params.id),
  });

  app.get('/reports/me', {
    schema: {
      tags,
      summary: 'Your reports and takedown requests, newest first',
      querystring: reportListQuerySchema,
      response: { 200: reportListSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => myReports(ctx, currentUser(request), request.query),
  });
}
