/** Test helpers for the bounty tests (not part of the server build). */
import type { OwnPost } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp, type TestApp } from './harness.js';
import { API } from './http.js';
import { refs, signedIn, submitJson, teaBody, type Auth } from './posts-kit.js';
import { comments, posts } from '../src/db/schema.js';

export type Person = Awaited<ReturnType<typeof signedIn>>;

/** A tea submitted through the API with a bounty; the caller checks the answer. */
export async function submitWithBounty(app: TestApp, auth: Auth, bounty: number, path = '/posts/') {
  return submitJson(app, auth, teaBody(await refs(app), { bounty }), path);
}

/** A published tea with an escrowed bounty: submitted by `author`, approved by `admin`. */
export async function publishedBountyTea(app: TestApp, author: Person, admin: Person, bounty: number) {
  const res = await submitWithBounty(app, author.auth, bounty);
  if (res.statusCode !== 201) throw new Error(`submit answered ${res.statusCode}: ${res.body}`);
  const post = res.json<OwnPost>();
  const approved = await moderate(app, admin, post.id, 'approved');
  if (approved.statusCode !== 200) throw new Error(`approve answered ${approved.statusCode}: ${approved.body}`);
  return post;
}

export const moderate = (app: TestApp, admin: Person, id: string, status: 'approved' | 'rejected' | 'pending') =>
  app.inject({ method: 'PUT', url: `${API}/posts/admin/${id}/status`, headers: admin.auth, payload: { status } });

/** A comment row straight into the table (comments cost coins and an unlock; not what these tests are about). */
export async function commentBy(app: TestApp, userId: string, postId: string): Promise<string> {
  const [row] = await app.ctx.db
    .insert(comments)
    .values({ postId, userId, content: 'Here is what I know about it.' })
    .returning({ id: comments.id });
  if (!row) throw new Error('comment insert failed');
  return row.id;
}

export const award = (app: TestApp, auth: Auth, postId: string, commentId: unknown): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: `${API}/posts/${postId}/bounty/award`,
    headers: auth,
    payload: { comment_id: commentId },
  });

export async function bountyOf(app: TestApp, id: string) {
  const [row] = await app.ctx.db
    .select({
      bounty: posts.bounty,
      status: posts.bountyStatus,
      commentId: posts.bountyCommentId,
      settledAt: posts.bountySettledAt,
    })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}

/** The bounty tests' setup: one app for the file, and an admin who moderates and awards. */
export function useBountyApp(ready: (made: { app: TestApp; admin: Person }) => void): void {
  // commentBy inserts comment rows without their charge: the spend checks would flag each one.
  useTestApp(async (app) => ready({ app, admin: await signedIn(app, { isAdmin: true }) }), {
    invariants: { spends: false },
  });
}
