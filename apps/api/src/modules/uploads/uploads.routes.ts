import { ERROR_CODES, POST_MESSAGES, STATUS_FALLBACK } from '@kettle/shared';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postImages, posts } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { verifyImageSignature } from '../../lib/images/image-urls.js';
import { STORAGE_KEY_PATTERN } from '../../lib/images/storage.js';

const FILE_PATTERN = /^(.+)\.webp$/;

/**
 * One answer for "no such image", "no valid signature" and "file removed", so a guesser cannot
 * tell a stored image from a key that never existed (security.md Z4, U5). no-store, so a 404 seen
 * before approval is not cached past it.
 */
const notFound = () =>
  new AppError(404, ERROR_CODES.notFound, STATUS_FALLBACK[404] ?? 'Not found.', undefined, {
    'Cache-Control': 'no-store',
  });

// Anything odd in the query (repeated, missing) just means "no valid signature", never a 422.
const optionalText = z.string().optional().catch(undefined);

/**
 * Keys are random and never reused, so a public file's bytes never change; a signed one stays out
 * of shared caches and is not kept past its signature.
 */
function cacheControl(isPublic: boolean, exp: string | undefined): string {
  if (isPublic) return 'public, max-age=31536000, immutable';
  const left = Number(exp) - Math.floor(Date.now() / 1000);
  return `private, max-age=${Math.max(0, left)}`;
}

/**
 * Serves stored images (decisions 'Privacy'). A full image always needs the signed URL from
 * imageUrl, which only the author, unlockers and admins are handed, whatever the post's status;
 * a blurred preview is public once its post is published and signed before. There is
 * deliberately no listing route: GET /uploads/ falls through to the 404 handler. HEAD comes for
 * free (Fastify exposes it for GET).
 */
export async function uploadsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/uploads/:file', {
    schema: {
      hide: true,
      params: z.object({ file: z.string() }),
      querystring: z.object({ exp: optionalText, sig: optionalText }),
    },
    handler: async (request, reply) => {
      await ctx.limits.hit('uploadReadsPerIp', request.ip, POST_MESSAGES.imageRequests);
      const key = FILE_PATTERN.exec(request.params.file)?.[1];
      if (!key || !STORAGE_KEY_PATTERN.test(key)) throw notFound();

      const [row] = await ctx.db
        .select({ status: posts.status, previewKey: postImages.previewKey })
        .from(postImages)
        .innerJoin(posts, eq(posts.id, postImages.postId))
        .where(or(eq(postImages.storageKey, key), eq(postImages.previewKey, key)))
        .limit(1);
      if (!row) throw notFound();

      const { exp, sig } = request.query;
      const isPublic = row.previewKey === key && row.status === 'approved';
      if (!isPublic && !verifyImageSignature(ctx.secret, key, exp, sig)) throw notFound();

      // The row can outlive its file (a sweep or a failed removal); nothing to serve then.
      const data = await ctx.images.read(key);
      if (!data) throw notFound();

      return (
        reply
          .header('Content-Type', 'image/webp')
          // Nosniff and a policy that lets nothing load from, frame or re-base an image come with
          // every answer under /uploads/ (lib/security-headers.ts).
          .header('Content-Disposition', 'inline')
          .header('Cache-Control', cacheControl(isPublic, exp))
          .send(data)
      );
    },
  });
}
