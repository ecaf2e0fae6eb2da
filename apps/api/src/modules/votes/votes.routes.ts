import { voteResponseSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentClaims } from '../../plugins/authenticate.js';
import { changedTeas } from '../../plugins/page-invalidation.js';
import { votePost } from './votes.service.js';

const tags = ['votes'];
/** Malformed ids answer 404 like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });

/** Upvotes, registered under /posts. */
export async function votesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.post('/:id/vote', {
    schema: {
      tags,
      summary: 'Upvote a tea you can read (5 coins, once)',
      errors: [402, 409],
      params,
      response: { 200: voteResponseSchema },
    },
    // The account is read by the vote's own statement (users/actor.ts).
    onRequest: root.requireClaims,
    // A vote changes its tea's count, on the pages showing that tea and no other.
    config: { namesItsTeas: true },
    handler: async (request) => {
      const voted = await votePost(ctx, currentClaims(request).sub, request.params.id);
      changedTeas(request, [request.params.id]);
      return voted;
    },
  });
}
