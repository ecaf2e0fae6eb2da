import { currentUserSchema, profileUpdateSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../plugins/authenticate.js';
import { authorsTeasChanged } from './author-pages.js';
import { changeUsername, ownProfile } from './users.service.js';

export async function profileRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/user/profile', {
    schema: { tags: ['users'], summary: 'Your profile', response: { 200: currentUserSchema } },
    onRequest: root.authenticate,
    handler: async (request) => ownProfile(ctx, currentAccount(request)),
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
    config: { namesItsTeas: true },
    handler: async (request) => {
      const account = currentAccount(request);
      const profile = await changeUsername(ctx, account, request.body.username);
      await authorsTeasChanged(request, ctx.db, account.id);
      return profile;
    },
  });
}
