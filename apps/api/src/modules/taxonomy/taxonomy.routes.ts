import { categoryListSchema, categorySchema, idParamSchema, stateListSchema, stateSchema } from '@kettle/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categories, states } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { toCategory, toList, toState } from './taxonomy.presenter.js';
import { categoryKind, stateKind } from './taxonomy.repository.js';
import { taxonomyAdminRoutes } from './taxonomy-admin.routes.js';

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
    handler: async () => toList((await db.select().from(categories).orderBy(asc(categories.name))).map(toCategory)),
  });

  app.get('/categories/:id', {
    schema: {
      tags: ['categories'],
      summary: 'One category',
      security: [],
      params: idParamSchema,
      response: { 200: categorySchema },
    },
    handler: async (request) => {
      const [row] = await db.select().from(categories).where(eq(categories.id, request.params.id));
      if (!row) throw notFound(categoryKind.messages.notFound);
      return toCategory(row);
    },
  });

  app.get('/states/', {
    schema: { tags: ['states'], summary: 'Every state, by name', security: [], response: { 200: stateListSchema } },
    handler: async () => toList((await db.select().from(states).orderBy(asc(states.name))).map(toState)),
  });

  app.get('/states/:id', {
    schema: {
      tags: ['states'],
      summary: 'One state',
      security: [],
      params: idParamSchema,
      response: { 200: stateSchema },
    },
    handler: async (request) => {
      const [row] = await db.select().from(states).where(eq(states.id, request.params.id));
      if (!row) throw notFound(stateKind.messages.notFound);
      return toState(row);
    },
  });

  await root.register(taxonomyAdminRoutes);
}
