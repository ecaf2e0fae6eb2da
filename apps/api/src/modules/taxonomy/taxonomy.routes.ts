import { categoryListSchema, categorySchema, idParamSchema, stateListSchema, stateSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toCategory, toList, toState } from './taxonomy.presenter.js';
import { categoryKind, stateKind } from './taxonomy.repository.js';
import { taxonomyAdminRoutes } from './taxonomy-admin.routes.js';
import { getItem } from './taxonomy.service.js';

/** Public reads: anyone may browse categories and states. The admin writes live beside them. */
export async function taxonomyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get('/categories/', {
    schema: {
      tags: ['categories'],
      summary: 'Every category, by name',
      security: [],
      response: { 200: categoryListSchema },
    },
    handler: async () => toList((await categoryKind.all(db)).map(toCategory)),
  });

  app.get('/categories/:id', {
    schema: {
      tags: ['categories'],
      summary: 'One category',
      security: [],
      params: idParamSchema,
      response: { 200: categorySchema },
    },
    handler: async (request) => toCategory(await getItem(db, categoryKind, request.params.id)),
  });

  app.get('/states/', {
    schema: { tags: ['states'], summary: 'Every state, by name', security: [], response: { 200: stateListSchema } },
    handler: async () => toList((await stateKind.all(db)).map(toState)),
  });

  app.get('/states/:id', {
    schema: {
      tags: ['states'],
      summary: 'One state',
      security: [],
      params: idParamSchema,
      response: { 200: stateSchema },
    },
    handler: async (request) => toState(await getItem(db, stateKind, request.params.id)),
  });

  await root.register(taxonomyAdminRoutes);
}
