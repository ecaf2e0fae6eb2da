import {
  adminCompanyListQuerySchema,
  adminCompanyListSchema,
  adminCompanySchema,
  companyVerifySchema,
  idParamSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authenticate.js';
import { listCompaniesForAdmin, setCompanyVerification } from './company-admin.service.js';

const tags = ['company (admin)'];

/** Admins check that a company owns its handle before its private figures are shown (issue 10). */
export async function companyAdminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const onRequest = root.requireAdmin;

  app.get('/admin/companies', {
    schema: {
      tags,
      summary: 'Companies with their verification state (admin)',
      querystring: adminCompanyListQuerySchema,
      response: { 200: adminCompanyListSchema },
    },
    onRequest,
    handler: async (request) => listCompaniesForAdmin(ctx, request.query),
  });

  app.post('/admin/companies/:id/verify', {
    schema: {
      tags,
      summary: 'Verify that a company owns its handle (admin)',
      errors: [409],
      params: idParamSchema,
      body: companyVerifySchema,
      response: { 200: adminCompanySchema },
    },
    onRequest,
    config: { keepsPages: true },
    handler: async (request) =>
      setCompanyVerification(ctx, currentUser(request), request.params.id, {
        verify: true,
        handle: request.body.handle,
      }),
  });

  app.post('/admin/companies/:id/unverify', {
    schema: {
      tags,
      summary: "Withdraw a company's verification (admin)",
      errors: [409],
      params: idParamSchema,
      response: { 200: adminCompanySchema },
    },
    onRequest,
    config: { keepsPages: true },
    handler: async (request) => setCompanyVerification(ctx, currentUser(request), request.params.id, { verify: false }),
  });
}
