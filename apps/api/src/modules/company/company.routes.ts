import {
  adminCompanyListSchema,
  companyCreateSchema,
  companyListQuerySchema,
  companySchema,
  companyStatsSchema,
  companyUpdateSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { toCompany } from './company.presenter.js';
import * as service from './company.service.js';

const tags = ['company'];

/** Company profiles (product.md §7 'Company', decisions.md): the signed-in user's own, and all of them for admins. */
export async function companyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const onRequest = root.authenticate;

  app.post('/', {
    schema: {
      tags,
      summary: 'Create your company profile for a handle',
      errors: [409],
      body: companyCreateSchema,
      response: { 201: companySchema },
    },
    onRequest,
    // No kept page shows a company.
    config: { keepsPages: true },
    handler: async (request, reply) => {
      const row = await service.createCompany(ctx, currentUser(request), request.body);
      return reply.status(201).send(toCompany(row));
    },
  });

  // No profile yet is the usual case, not an error: 200 with null, so the account page's every
  // visit does not log a failed request in the browser (issue 11).
  app.get('/', {
    schema: {
      tags,
      summary: 'Your company profile, or null when you have none',
      response: { 200: companySchema.nullable() },
    },
    onRequest,
    handler: async (request) => {
      const row = await service.findOwnCompany(ctx, currentUser(request));
      return row ? toCompany(row) : null;
    },
  });

  app.put('/', {
    schema: {
      tags,
      summary: 'Change your company profile (a new handle drops verification)',
      errors: [404, 409],
      body: companyUpdateSchema,
      response: { 200: companySchema },
    },
    onRequest,
    config: { keepsPages: true },
    handler: async (request) => toCompany(await service.updateOwnCompany(ctx, currentUser(request), request.body)),
  });

  app.delete('/', {
    schema: { tags, summary: 'Delete your company profile', errors: [404], response: { 204: z.null() } },
    onRequest,
    config: { keepsPages: true },
    handler: async (request, reply) => {
      await service.deleteOwnCompany(ctx, currentUser(request));
      return reply.status(204).send(null);
    },
  });

  app.get('/stats', {
    schema: {
      tags,
      summary: "Your company's stats (report counts only once verified)",
      errors: [404],
      response: { 200: companyStatsSchema },
    },
    onRequest,
    handler: async (request) => service.ownCompanyStats(ctx, currentUser(request)),
  });

  app.get('/all', {
    schema: {
      tags,
      summary: 'Every company profile (admin)',
      querystring: companyListQuerySchema,
      response: { 200: adminCompanyListSchema },
    },
    onRequest: root.requireAdmin,
    handler: async (request) => service.listAllCompanies(ctx, request.query),
  });
}
