import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { posts } from '../../db/schema.js';
import { changedTeas, MAX_NAMED_TEAS } from '../../plugins/page-invalidation.js';

/**
 * For a write that changes how an author is named (a username's change, by the member or an
 * admin, and the account's deletion): kept pages show the name on the author's own teas alone, so
 * only their pages end. The author's teas of any status are named; one more than the most named
 * one by one is asked for, so that an author of more starts a new generation instead
 * (plugins/page-invalidation.ts).
 */
export async function authorsTeasChanged(request: FastifyRequest, db: DbOrTx, authorId: string): Promise<void> {
  try {
    const rows = await db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.authorId, authorId))
      .limit(MAX_NAMED_TEAS + 1);
    changedTeas(
      request,
      rows.map((row) => row.id),
    );
  } catch (err) {
    // The change is made and its answer stands: left unnamed, it starts a new generation instead.
    request.log.warn({ err }, "page cache: the author's teas could not be read");
  }
}
