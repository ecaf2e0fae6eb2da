import {
  NOTIFICATION_MESSAGES,
  notificationIdParamSchema,
  notificationListQuerySchema,
  notificationListSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { currentUser } from '../../plugins/authenticate.js';
import * as service from './notifications.service.js';

const tags = ['notifications'];

/** The signed-in user's in-app notices (post published or rejected). */
export async function notificationsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get('/', {
    schema: {
      tags,
      summary: 'Your notifications, newest first, with the unread count',
      querystring: notificationListQuerySchema,
      response: { 200: notificationListSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => service.listNotifications(db, currentUser(request).id, request.query),
  });

  app.post('/read-all', {
    schema: { tags, summary: 'Mark every notification read', response: { 204: z.null() } },
    onRequest: root.authenticate,
    // Read or not is the reader's own (plugins/page-invalidation.ts).
    config: { keepsPages: true },
    handler: async (request, reply) => {
      await service.markAllRead(db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  });

  app.post('/:id/read', {
    schema: {
      tags,
      summary: 'Mark one notification read',
      params: notificationIdParamSchema,
      response: { 204: z.null() },
    },
    onRequest: root.authenticate,
    config: { keepsPages: true },
    handler: async (request, reply) => {
      const found = await service.markRead(db, currentUser(request).id, request.params.id);
      if (!found) throw notFound(NOTIFICATION_MESSAGES.notFound);
      return reply.status(204).send(null);
    },
  });
}
