import { categorySchema, idParamSchema, MESSAGES, stateSchema } from '@kettle/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categories, states } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    metadata: z.object({ total_elements: z.number(), skip: z.number(), limit: z.number() }),
  });

const toCategory = (row: typeof categories.$inferSelect) => ({
  id: row.id,
  name: row.name,
  description: row.description,
});
const toState = (row: typeof states.$inferSelect) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  description: row.description,
});

/** Public reads; the admin writes arrive with the moderation issue. */
export async function taxonomyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get('/categories/', {
    schema: { tags: ['categories'], response: { 200: listOf(categorySchema) } },
    handler: async () => {
      const rows = await db.select().from(categories).orderBy(asc(categories.name));
      return { data: rows.map(toCategory), metadata: { total_elements: rows.length, skip: 0, limit: rows.length } };
    },
  });

  app.get('/categories/:id', {
    schema: { tags: ['categories'], params: idParamSchema, response: { 200: categorySchema } },
    handler: async (request) => {
      const [row] = await db.select().from(categories).where(eq(categories.id, request.params.id));
      if (!row) throw notFound(MESSAGES.notFound.category);
      return toCategory(row);
    },
  });

  app.get('/states/', {
    schema: { tags: ['states'], response: { 200: listOf(stateSchema) } },
    handler: async () => {
      const rows = await db.select().from(states).orderBy(asc(states.name));
      return { data: rows.map(toState), metadata: { total_elements: rows.length, skip: 0, limit: rows.length } };
    },
  });

  app.get('/states/:id', {
    schema: { tags: ['states'], params: idParamSchema, response: { 200: stateSchema } },
    handler: async (request) => {
      const [row] = await db.select().from(states).where(eq(states.id, request.params.id));
      if (!row) throw notFound(MESSAGES.notFound.state);
      return toState(row);
    },
  });
}
