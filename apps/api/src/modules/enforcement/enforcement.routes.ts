import {
  accountActionInputSchema,
  accountActionListSchema,
  accountActionSchema,
  accountStandingSchema,
  liftActionInputSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { issueAction, listActions, standingOf } from './enforcement.service.js';
import { liftAction } from './lift-action.service.js';

/** Malformed ids answer 404 'User not found.' like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });

/** The enforcement ladder (issue 14): admins warn, suspend and ban; the user sees their standing. */
export async function enforcementRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.post('/admin/users/:id/actions', {
    schema: {
      tags: ['users (admin)'],
      summary: 'Warn, suspend (1-30 days) or ban a user, citing a community rule (admin)',
      errors: [409],
      params,
      body: accountActionInputSchema,
      response: { 201: accountActionSchema },
    },
    onRequest: root.requireAdmin,
    // What the account may do is read per request; its teas stay as they are.
    config: { keepsPages: true },
    handler: async (request, reply) =>
      reply.status(201).send(await issueAction(ctx, currentUser(request), request.params.id, request.body)),
  });

  app.post('/admin/users/:id/actions/:actionId/lift', {
    schema: {
      tags: ['users (admin)'],
      summary: 'Lift a ban or a running suspension, with a reason; tells the user and closes a pending appeal (admin)',
      errors: [403, 404, 409],
      params: z.object({ id: z.string(), actionId: z.string() }),
      body: liftActionInputSchema,
      response: { 200: accountActionSchema },
    },
    onRequest: root.requireAdmin,
    config: { keepsPages: true },
    handler: async (request) =>
      liftAction(ctx, currentUser(request), request.params.id, request.params.actionId, request.body.reason),
  });

  app.get('/admin/users/:id/actions', {
    schema: {
      tags: ['users (admin)'],
      summary: "A user's warnings, suspensions and bans, newest first (admin)",
      params,
      response: { 200: accountActionListSchema },
    },
    onRequest: root.requireAdmin,
    handler: async (request) => listActions(ctx, request.params.id),
  });

  app.get('/users/me/standing', {
    schema: {
      tags: ['users'],
      summary: 'Your account standing: a suspension in force and every action taken on your account',
      response: { 200: accountStandingSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => standingOf(ctx, currentUser(request)),
  });
}
