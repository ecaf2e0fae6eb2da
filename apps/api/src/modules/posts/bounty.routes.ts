import { bountyAwardResponseSchema, bountyAwardSchema } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import { startBountySweep } from './bounty-sweep.js';
import { awardBounty } from './bounty.service.js';

const tags = ['posts'];
/** Malformed ids answer 404 like unknown ones (the service checks), not 422. */
const params = z.object({ id: z.string() });

/** The bounty's award, and the sweep that refunds bounties left unawarded (stopped on close). */
export async function bountyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const stopSweep = startBountySweep(ctx, root.log);
  root.addHook('onClose', async () => {
    await stopSweep();
  });

  app.post('/:id/bounty/award', {
    schema: {
      tags,
      summary: "Award tea {id}'s bounty to one comment by another user (author only)",
      params,
      body: bountyAwardSchema,
      response: { 200: bountyAwardResponseSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => awardBounty(ctx, currentUser(request), request.params.id, request.body),
  });
}
