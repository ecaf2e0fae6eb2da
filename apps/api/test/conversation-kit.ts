/** Test helpers for the votes, comments and blocks tests (not part of the server build). */
import type { ErrorResponse } from '@kettle/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness.js';
import { API } from './http.js';
import { ledgerOf, type Auth } from './posts-kit.js';
import { comments, postEvents, postVotes, posts } from '../src/db/schema.js';

export const vote = (app: TestApp, auth: Auth, postId: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `${API}/posts/${postId}/vote`, headers: auth });

export const postComment = (
  app: TestApp,
  auth: Auth,
  postId: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `${API}/posts/${postId}/comments`, headers: auth, payload });

export const getComments = (app: TestApp, auth: Auth, postId: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'GET', url: `${API}/posts/${postId}/comments`, headers: auth });

export const deleteCommentCall = (app: TestApp, auth: Auth, id: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'DELETE', url: `${API}/comments/${id}`, headers: auth });

export const errorOf = (res: LightMyRequestResponse): ErrorResponse => res.json<ErrorResponse>();

/** The ledger rows of one kind for one user. */
export const spendsOf = async (app: TestApp, userId: string, kind: string) =>
  (await ledgerOf(app, userId)).filter((row) => row.kind === kind);

export const votesOf = (app: TestApp, postId: string) =>
  app.ctx.db.select().from(postVotes).where(eq(postVotes.postId, postId));

export const commentsOf = (app: TestApp, postId: string) =>
  app.ctx.db.select().from(comments).where(eq(comments.postId, postId)).orderBy(asc(comments.createdAt));

export async function voteCountOf(app: TestApp, postId: string): Promise<number> {
  const [row] = await app.ctx.db.select({ n: posts.voteCount }).from(posts).where(eq(posts.id, postId));
  return row?.n ?? -1;
}

/** The realtime resume log of one post and event type, oldest first. */
export const eventsOf = (app: TestApp, postId: string, type: string) =>
  app.ctx.db
    .select()
    .from(postEvents)
    .where(and(eq(postEvents.postId, postId), eq(postEvents.type, type)))
    .orderBy(asc(postEvents.id));
