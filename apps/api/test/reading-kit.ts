/** Test helpers for the reading, unlock and empty-pot tests (not part of the server build). */
import type { PostCardList, PostDetail } from '@kettle/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness.js';
import { API } from './http.js';
import { buildPost, type Auth } from './posts-kit.js';

export const minutesAgo = (minutes: number): Date => new Date(Date.now() - minutes * 60_000);

export const getPosts = (app: TestApp, query = '', auth: Auth = {}): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'GET', url: `${API}/posts/${query}`, headers: auth });

export async function listIds(app: TestApp, query = '', auth: Auth = {}): Promise<string[]> {
  const res = await getPosts(app, query, auth);
  if (res.statusCode !== 200) throw new Error(`GET /posts/${query} answered ${res.statusCode}: ${res.body}`);
  return res.json<PostCardList>().data.map((card) => card.id);
}

export const getPost = (app: TestApp, id: string, auth: Auth = {}, suffix = ''): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'GET', url: `${API}/posts/${id}${suffix}`, headers: auth });

export const detailOf = (res: LightMyRequestResponse): PostDetail => res.json<PostDetail>();

export const unlock = (app: TestApp, auth: Auth, id: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `${API}/posts/${id}/unlock`, headers: auth });

export const emptyPotCall = (app: TestApp, auth: Auth, id: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'DELETE', url: `${API}/posts/${id}/empty-pot`, headers: auth });

type PostOverrides = Parameters<typeof buildPost>[2];

/** A published post straight into the table. */
export const approvedPost = (app: TestApp, authorId: string, overrides: PostOverrides = {}) =>
  buildPost(app, authorId, { status: 'approved', publishedAt: new Date(), ...overrides });
