import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
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

/** A write a kept page must survive: its name, the status it answers, and how to make it. */
export type PageKeepingWrite = [name: string, status: number, write: () => Promise<LightMyRequestResponse>];

/**
 * Makes each write in turn: each answers its status and starts no page-cache generation, and
 * after them a visitor's list and tea page are the same bytes, sent with no statement.
 */
export async function expectPagesKeptThrough(app: TestApp, postId: string, writes: PageKeepingWrite[]) {
  const kept = await visitorReads(app, postId);
  const generation = app.ctx.pages.generation();
  for (const [name, status, write] of writes) {
    const res = await write();
    expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
    expect(app.ctx.pages.generation(), name).toBe(generation);
  }
  const after = await visitorReads(app, postId);
  expect(after.sent).toBe(0);
  expect(after.bodies).toEqual(kept.bodies);
}
