import { currentUserSchema, MESSAGES, profileUpdateSchema } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema.js';
import { conflict } from '../../lib/app-error.js';
import { currentUser } from '../../plugins/authenticate.js';
import { toCurrentUser } from './users.presenter.js';
import { uniqueViolationField, usernameTaken } from './users.repository.js';

const usernameConflict = () =>
  conflict(MESSAGES.auth.usernameTaken, [{ field: 'username', message: MESSAGES.auth.usernameTaken }]);

export async function profileRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/user/profile', {
    schema: { tags: ['users'], summary: 'Your profile', response: { 200: currentUserSchema } },
    onRequest: root.authenticate,
    handler: async (request) => toCurrentUser(currentUser(request)),
  });

  // Only the username can be changed here; unknown fields (is_admin, coin_balance...) are stripped by the schema.
  app.patch('/user/profile', {
    schema: {
      tags: ['users'],
      summary: 'Change your username',
      errors: [409],
      body: profileUpdateSchema,
      response: { 200: currentUserSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => {
      const user = currentUser(request);
      if (await usernameTaken(ctx.db, request.body.username, user.id)) throw usernameConflict();
      try {
        const [updated] = await ctx.db
          .update(users)
          .set({ username: request.body.username, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        return toCurrentUser(updated ?? user);
      } catch (error) {
        if (uniqueViolationField(error) === 'username') throw usernameConflict();
        throw error;
      }
    },
  });
}
