import multipart from '@fastify/multipart';
import {
  ACCEPTED_IMAGE_TYPES,
  LIMITS,
  MAX_IMAGE_BYTES,
  ownPostSchema,
  postCreateSchema,
  reversalCreateSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authenticate.js';
import type { UserRow } from '../../db/rows.js';
import { chargeUploadBytes } from '../../lib/upload-budget.js';
import { bountyRoutes } from './bounty/bounty.routes.js';
import { myPostsRoutes } from './my-posts.routes.js';
import { postsAdminRoutes } from './admin/posts-admin.routes.js';
import { assertCanPay, createPost, createReversal } from './posts.service.js';
import { assertMayParticipate } from '../../lib/participation.js';
import { POST_FORM_LIMITS, readPostForm } from './read-post-form.js';

const tags = ['posts'];
const images = z
  .array(
    z
      .file()
      .mime([...ACCEPTED_IMAGE_TYPES])
      .max(MAX_IMAGE_BYTES),
  )
  .max(LIMITS.maxImages)
  .optional()
  .meta({
    description: `Up to ${LIMITS.maxImages} images of ${LIMITS.maxImageMb}MB each (also accepted under \`image\`)`,
  });
/** Both forms the submit routes read; the handler parses them itself, so this only documents them. */
const documentedForm = (fields: z.ZodObject) => ({
  content: { 'application/json': fields, 'multipart/form-data': fields.extend({ images }) },
});
const formNote =
  'multipart/form-data (files under `images` or `image`, up to 5 of 5MB) or a JSON body without files. JSON is limited to 100 KB.';

/** Everything under /posts. Multipart parsing is registered here only, for the two upload routes. */
export async function postsRoutes(root: FastifyInstance): Promise<void> {
  await root.register(multipart, { limits: POST_FORM_LIMITS, throwFileSizeLimit: true });
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const checksFor = (user: UserRow, isReversal: boolean) => ({
    chargeBytes: (bytes: number) => chargeUploadBytes(ctx, user.id, bytes),
    checkFields: (data: { bounty: number }) => assertCanPay(ctx, user, data, isReversal),
  });
  // Before any `/:id` route, so `/me` is never read as an id.
  await root.register(myPostsRoutes);

  app.post('/', {
    schema: {
      tags,
      summary: 'Submit a tea (25 coins)',
      errors: [402, 429],
      description: formNote,
      documentedBody: documentedForm(postCreateSchema),
      response: { 201: ownPostSchema },
    },
    onRequest: root.authenticate,
    // A submission waits for a moderator: no kept page shows it until the approval, which is a
    // write of its own.
    config: { keepsPages: true },
    handler: async (request, reply) => {
      const user = currentUser(request);
      assertMayParticipate(user);
      const form = await readPostForm(request, postCreateSchema, checksFor(user, false));
      return reply.status(201).send(await createPost(ctx, user, form));
    },
  });

  app.post('/reversal', {
    schema: {
      tags,
      summary: 'Submit a reversal (20 coins)',
      errors: [402, 404, 409, 429],
      description: formNote,
      documentedBody: documentedForm(reversalCreateSchema),
      response: { 201: ownPostSchema },
    },
    onRequest: root.authenticate,
    // Pending like a tea: the original's card names only an approved reversal.
    config: { keepsPages: true },
    handler: async (request, reply) => {
      const user = currentUser(request);
      assertMayParticipate(user);
      const form = await readPostForm(request, reversalCreateSchema, checksFor(user, true));
      return reply.status(201).send(await createReversal(ctx, user, form));
    },
  });

  await root.register(postsAdminRoutes);
  await root.register(bountyRoutes);
}
