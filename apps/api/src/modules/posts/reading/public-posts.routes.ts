import {
  emptyPotResponseSchema,
  postCardListSchema,
  postDetailSchema,
  postListQuerySchema,
  unlockResponseSchema,
} from '@kettle/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPrecompressed } from '../../../lib/precompressed.js';
import { accountOf, currentClaims, currentUser } from '../../../plugins/authenticate.js';
import { offerHotPage } from '../../../plugins/hot-pages.js';
import { changedTeas } from '../../../plugins/page-invalidation.js';
import { emptyPot } from '../empty-pot/empty-pot.service.js';
import { getPostDetail, getReversalOf, listPublicPosts } from './public-posts.service.js';
import { buildReaderPage, readerListText } from './reader-pages.js';
import { unlockPost } from '../unlocks/unlocks.service.js';

const tags = ['posts'];

/** The route's own serializer (the response schema), as text the page cache can keep. */
function serialized(reply: FastifyReply, body: unknown): string {
  const text = reply.serialize(body);
  return typeof text === 'string' ? text : Buffer.from(text as Uint8Array).toString('utf8');
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** JSON already written by the route's schema (a string payload skips serialization). */
function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(JSON_TYPE).send(text);
}
/** Malformed ids answer 404 like unknown ones (the services check), not 422. */
const params = z.object({ id: z.string() });

/**
 * Reading, unlocking and emptying teas. Registered beside postsRoutes under /posts: static
 * paths (`/me`, `/admin/...`) win over `/:id` in the router whatever the order.
 */
export async function publicPostsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  // A page the cache kept as JSON text goes out as it is, compressed once per encoding.
  const pages = createPrecompressed(ctx.config.pageCacheMs > 0);

  app.get('/', {
    schema: {
      tags,
      summary: 'Approved teas, newest first',
      errors: [429],
      querystring: postListQuerySchema,
      response: { 200: postCardListSchema },
    },
    // The account is read by the handler: with the reader's unlocks in one statement on a page.
    onRequest: root.optionalClaims,
    handler: async (request, reply) => {
      const { claims } = request;
      // Searches stay uncached: each one counts against a visitor's search limit, and a reader's
      // may reach handles they unlocked.
      if (request.query.search) {
        const reader = claims ? await accountOf(ctx, claims) : null;
        return listPublicPosts(ctx, reader, request.query, request.ip);
      }
      const key = JSON.stringify(request.query);
      if (claims) {
        const kept = await ctx.pages.get(`reader-list:${key}`, () => buildReaderPage(ctx, request.query));
        // This reader's own text: compressed on the fly, not kept.
        return sendJsonText(reply, await readerListText(ctx, claims.sub, kept));
      }
      const page = await ctx.pages.get(`list:${key}`, async () =>
        serialized(reply, await listPublicPosts(ctx, null, request.query, request.ip)),
      );
      offerHotPage(request, `list:${key}`, page);
      return pages.send(request, reply, page, JSON_TYPE);
    },
  });

  app.get('/:id', {
    schema: { tags, summary: 'One tea', params, response: { 200: postDetailSchema } },
    onRequest: root.optionalAuth,
    handler: async (request, reply) => {
      if (request.user) return getPostDetail(ctx, request.user, request.params.id);
      // Only an answer is kept: a missing or unpublished tea throws before anything is stored.
      const page = await ctx.pages.get(`post:${request.params.id}`, async () =>
        serialized(reply, await getPostDetail(ctx, null, request.params.id)),
      );
      offerHotPage(request, `post:${request.params.id}`, page);
      return pages.send(request, reply, page, JSON_TYPE);
    },
  });

  app.get('/:id/reversal', {
    schema: { tags, summary: 'The reversal of tea {id}', params, response: { 200: postDetailSchema } },
    onRequest: root.optionalAuth,
    handler: async (request) => getReversalOf(ctx, request.user, request.params.id),
  });

  app.post('/:id/unlock', {
    schema: {
      tags,
      summary: 'Unlock a tea (its unlock price, once)',
      errors: [402, 409],
      params,
      response: { 200: unlockResponseSchema },
    },
    // The account is read by the unlock's own statement (users/actor.ts).
    onRequest: root.requireClaims,
    // Who unlocked a tea shows only to them, its author and admins, none of whom a kept page serves.
    config: { keepsPages: true },
    handler: async (request) => unlockPost(ctx, currentClaims(request).sub, request.params.id),
  });

  app.delete('/:id/empty-pot', {
    schema: {
      tags,
      summary: 'Empty the pot: delete your own tea (25 coins)',
      errors: [402, 409],
      params,
      response: { 200: emptyPotResponseSchema },
    },
    onRequest: root.authenticate,
    config: { namesItsTeas: true },
    handler: async (request) => {
      const { emptied, changed } = await emptyPot(ctx, currentUser(request), request.params.id);
      changedTeas(request, changed);
      return emptied;
    },
  });
}
