import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness.js';
import { getPost, getPosts } from './reading-kit.js';

/** A request's answer and how many statements it sent to the database. */
export async function statementsOf(app: TestApp, request: () => Promise<LightMyRequestResponse>) {
  const before = app.ctx.database.stats().queries;
  const res = await request();
  return { res, sent: app.ctx.database.stats().queries - before };
}

/** A visitor's front list and one tea page: the statements they cost and the bodies sent. */
export async function visitorReads(app: TestApp, postId: string) {
  const list = await statementsOf(app, () => getPosts(app, '?skip=0&limit=9'));
  const detail = await statementsOf(app, () => getPost(app, postId));
  return { sent: list.sent + detail.sent, bodies: [list.res.body, detail.res.body] };
}
