import { adminReportListQuerySchema, reportListSchema, reportUpdatedSchema, reportUpdateSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { changedTeas } from '../../plugins/page-invalidation.js';
import { listReports, updateReport } from './reports-admin.service.js';

const tags = ['reports (admin)'];
/** Malformed ids answer 404 like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });

/** The admins' reports desk, under /posts/admin/reports: admin-only, every update audited. */
export async function reportsAdminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/', {
    schema: {
      tags,
      summary: 'Reports and takedown requests, newest first; searched by reference, email or tea',
      querystring: adminReportListQuerySchema,
      response: { 200: reportListSchema },
    },
    onRequest: root.requireAdmin,
    handler: async (request) => listReports(ctx, request.query),
  });

  app.put('/:id', {
    schema: {
      tags,
      summary: 'Set a report status and notes; optionally remove what was reported',
      params,
      body: reportUpdateSchema,
      response: { 200: reportUpdatedSchema },
    },
    bodyLimit: 16 * 1024,
    onRequest: root.requireAdmin,
    config: { namesItsTeas: true },
    handler: async (request) => {
      const { updated, changed } = await updateReport(
        ctx,
        currentUser(request),
        request.params.id,
        request.body,
        request.log,
      );
      changedTeas(request, changed);
      return updated;
    },
  });
}
