import {
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  adminUserStatusSchema,
  adminUserUpdateSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { changedTeas } from '../../plugins/page-invalidation.js';
import * as admin from './admin-users.service.js';
import { authorsTeasChanged } from './author-pages.js';
import { resetTwoFactor } from './two-factor-reset.service.js';

const tags = ['users (admin)'];
/** Malformed ids answer 404 'User not found.' like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });

/** product.md §7 'Users (admin)' reads and account changes; every route is admin-only, every change audited. */
export async function adminUsersRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/users/admin/all', {
    schema: {
      tags,
      summary: 'List and search users (admin)',
      querystring: adminUserListQuerySchema,
      response: { 200: adminUserListSchema },
    },
    onRequest: root.requireAdmin,
    handler: async (request) => admin.listAdminUsers(ctx, request.query),
  });

  app.get('/users/admin/:id', {
    schema: {
      tags,
      summary: 'One user with their balance and activity (admin)',
      params,
      response: { 200: adminUserSchema },
    },
    onRequest: root.requireAdmin,
    handler: async (request) => admin.getAdminUser(ctx, request.params.id),
  });

  app.delete('/admin/users/:id/two-factor', {
    schema: {
      tags,
      summary: "Turn off a member's two-factor sign-in when they lost their device and codes; signs them out (admin)",
      errors: [403, 404, 409],
      params,
      response: { 200: adminUserSchema },
    },
    onRequest: root.requireAdmin,
    config: { keepsPages: true },
    handler: async (request) => resetTwoFactor(ctx, currentUser(request), request.params.id),
  });

  app.put('/admin/users/:id/status', {
    schema: {
      tags,
      summary: 'Activate or deactivate a user (admin)',
      errors: [409],
      params,
      body: adminUserStatusSchema,
      response: { 200: adminUserSchema },
    },
    onRequest: root.requireAdmin,
    // Whether an account may act is read per request; a deactivated author's teas stay.
    config: { keepsPages: true },
    handler: async (request) =>
      (await admin.changeUser(ctx, currentUser(request), request.params.id, request.body, 'user.status')).user,
  });

  app.put('/admin/users/:id', {
    schema: {
      tags,
      summary: "Change a user's username, email or admin role (admin)",
      errors: [409],
      params,
      body: adminUserUpdateSchema,
      response: { 200: adminUserSchema },
    },
    onRequest: root.requireAdmin,
    // A new username shows on the member's own teas alone; the address and the role on no page,
    // so a change of those ends none.
    config: { namesItsTeas: true },
    handler: async (request) => {
      const { user, renamed } = await admin.changeUser(
        ctx,
        currentUser(request),
        request.params.id,
        request.body,
        'user.update',
      );
      if (renamed) await authorsTeasChanged(request, ctx.db, user.id);
      else changedTeas(request, []);
      return user;
    },
  });
}
