import { accountDeletionSchema, accountExportSchema, messageResponseSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount, currentUser } from '../../plugins/authenticate.js';
import { deleteAccount } from './account-deletion.service.js';
import { authorsTeasChanged } from './author-pages.js';
import { exportAccount } from './account-export.service.js';

const tags = ['users'];

/** A person's data in their own hands (issue 14): take it all away, or delete the account. */
export async function accountDataRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/users/me/export', {
    schema: {
      tags,
      summary: 'Everything Kettle holds about you, as a JSON file (5 an hour)',
      errors: [429],
      response: { 200: accountExportSchema },
    },
    onRequest: root.authenticate,
    handler: async (request, reply) => {
      const user = currentAccount(request);
      const day = new Date().toISOString().slice(0, 10);
      void reply.header('content-disposition', `attachment; filename="kettle-export-${day}.json"`);
      return exportAccount(ctx, user);
    },
  });

  app.delete('/users/me', {
    schema: {
      tags,
      summary: 'Delete your account at once (password required, and a code when two-factor sign-in is on)',
      errors: [400, 409, 429],
      body: accountDeletionSchema,
      response: { 200: messageResponseSchema },
    },
    onRequest: root.authenticate,
    // Its published teas stay under the deleted account's name (the others go, and no kept page
    // showed them): only their pages end.
    config: { namesItsTeas: true },
    handler: async (request) => {
      const user = currentUser(request);
      const answer = await deleteAccount(ctx, user, request.body);
      await authorsTeasChanged(request, ctx.db, user.id);
      return answer;
    },
  });
}
