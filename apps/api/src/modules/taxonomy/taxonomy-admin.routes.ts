import { categoryInputSchema, categorySchema, idParamSchema, stateInputSchema, stateSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { toCategory, toState } from './taxonomy.presenter.js';
import { categoryKind, stateKind } from './taxonomy.repository.js';
import { createItem, deleteItem, updateItem } from './taxonomy.service.js';

/** Admin writes (product.md §7). The body schemas are the ones the browser's forms validate with. */
export async function taxonomyAdminRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const onRequest = root.requireAdmin;

  app.post('/categories/admin/', {
    schema: {
      tags: ['categories'],
      summary: 'Create a category (admin)',
      errors: [409],
      body: categoryInputSchema,
      response: { 201: categorySchema },
    },
    onRequest,
    handler: async (request, reply) => {
      const row = await createItem(db, categoryKind, request.body, currentUser(request));
      return reply.status(201).send(toCategory(row));
    },
  });

  app.put('/categories/admin/:id', {
    schema: {
      tags: ['categories'],
      summary: 'Rename or describe a category (admin)',
      errors: [409],
      params: idParamSchema,
      body: categoryInputSchema,
      response: { 200: categorySchema },
    },
    onRequest,
    handler: async (request) =>
      toCategory(await updateItem(db, categoryKind, request.params.id, request.body, currentUser(request))),
  });

  app.delete('/categories/admin/:id', {
    schema: {
      tags: ['categories'],
      summary: 'Delete a category no tea uses (admin)',
      errors: [409],
      params: idParamSchema,
      response: { 204: z.null() },
    },
    onRequest,
    handler: async (request, reply) => {
      await deleteItem(db, categoryKind, request.params.id, currentUser(request));
      return reply.status(204).send(null);
    },
  });

  app.post('/states/admin/', {
    schema: {
      tags: ['states'],
      summary: 'Create a state (admin)',
      errors: [409],
      body: stateInputSchema,
      response: { 201: stateSchema },
    },
    onRequest,
    handler: async (request, reply) => {
      const row = await createItem(db, stateKind, request.body, currentUser(request));
      return reply.status(201).send(toState(row));
    },
  });

  app.put('/states/admin/:id', {
    schema: {
      tags: ['states'],
      summary: 'Rename or describe a state (admin)',
      errors: [409],
      params: idParamSchema,
      body: stateInputSchema,
      response: { 200: stateSchema },
    },
    onRequest,
    handler: async (request) =>
      toState(await updateItem(db, stateKind, request.params.id, request.body, currentUser(request))),
  });

  app.delete('/states/admin/:id', {
    schema: {
      tags: ['states'],
      summary: 'Delete a state no tea uses (admin)',
      errors: [409],
      params: idParamSchema,
      response: { 204: z.null() },
    },
    onRequest,
    handler: async (request, reply) => {
      await deleteItem(db, stateKind, request.params.id, currentUser(request));
      return reply.status(204).send(null);
    },
  });
}
