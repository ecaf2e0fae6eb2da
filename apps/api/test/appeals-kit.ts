import type { Appeal, AppealList, AppealableList } from '@kettle/shared';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import { API } from './http.js';
import { postOf, submitJson, teaBody, type Auth, type Refs } from './posts-kit.js';

/** Calls of the appeals routes, for the appeals module's tests. */
export const STATEMENT = 'Everything in it happened; I was there and the handle is public.';

export const fileAppeal = (app: TestApp, auth: Auth, payload: object) =>
  app.inject({ method: 'POST', url: `${API}/appeals`, headers: auth, payload });

export const decideAppeal = (app: TestApp, auth: Auth, id: string, payload: object) =>
  app.inject({ method: 'PUT', url: `${API}/admin/appeals/${id}`, headers: auth, payload });

export const eligibleOf = async (app: TestApp, auth: Auth) =>
  (await app.inject({ method: 'GET', url: `${API}/appeals/eligible`, headers: auth })).json<AppealableList>().data;

export const myAppealsOf = async (app: TestApp, auth: Auth) =>
  (await app.inject({ method: 'GET', url: `${API}/appeals/mine`, headers: auth })).json<AppealList>().data;

export const queueOf = async (app: TestApp, auth: Auth, status = 'pending') =>
  (await app.inject({ method: 'GET', url: `${API}/admin/appeals?status=${status}`, headers: auth })).json<AppealList>()
    .data;

/** Sets a tea's status as `admin` (the moderation route), expecting it to go through. */
export async function setStatus(app: TestApp, admin: Auth, postId: string, status: 'approved' | 'rejected') {
  const res = await app.inject({
    method: 'PUT',
    url: `${API}/posts/admin/${postId}/status`,
    headers: admin,
    payload: status === 'rejected' ? { status, reason: 'Looks like a rumour' } : { status },
  });
  expect(res.statusCode).toBe(200);
}

/** A tea `author` submitted (paying its fee), rejected by `admin`. */
export async function rejectedTeaOf(app: TestApp, ref: Refs, author: Auth, admin: Auth) {
  const res = await submitJson(app, author, teaBody(ref));
  expect(res.statusCode).toBe(201);
  const post = postOf(res);
  await setStatus(app, admin, post.id, 'rejected');
  return post;
}

/** Files an appeal of the tea's current rejection, expecting it stored. */
export async function appealTea(app: TestApp, author: Auth, postId: string): Promise<Appeal> {
  const res = await fileAppeal(app, author, { target_type: 'post', target_id: postId, statement: STATEMENT });
  expect(res.statusCode).toBe(201);
  return res.json<Appeal>();
}
