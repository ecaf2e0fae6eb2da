import { bountyAwardResponseSchema, bountyAwardSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/authenticate.js';
import { changedTeas } from '../../../plugins/page-invalidation.js';
import { awardBounty } from './bounty.service.js';

const tags = ['posts'];
/** Malformed ids answer 404 like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });

/** The bounty's award (the refund of bounties left unawarded is a sweep: sweeps/schedule.ts). */
export async function bountyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.post('/:id/bounty/award', {
    schema: {
      tags,
      summary: "Award tea {id}'s bounty to one comment by another user (author only)",
      errors: [409],
      params,
      body: bountyAwardSchema,
      response: { 200: bountyAwardResponseSchema },
    },
    onRequest: root.authenticate,
    // An award changes its tea's bounty, on the pages showing that tea and no other.
    config: { namesItsTeas: true },
    handler: async (request) => {
      const awarded = await awardBounty(ctx, currentUser(request), request.params.id, request.body);
      changedTeas(request, [request.params.id]);
      return awarded;
    },
  });
}
