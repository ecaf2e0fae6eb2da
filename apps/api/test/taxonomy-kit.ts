import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildUser, tokensFor } from './factories.js';
import type { TestApp } from './harness.js';
import { auditLog, categories, posts, states } from '../src/db/schema.js';

/** Shared by the category and state tests: who calls, how, and what they leave behind. */
export type Caller = 'visitor' | 'user' | 'admin';
export type Headers = Record<Caller, Record<string, string>>;
export type Method = 'POST' | 'PUT' | 'DELETE';

export async function signIn(app: TestApp): Promise<{ headers: Headers; adminId: string }> {
  const admin = await buildUser(app, { isAdmin: true });
  const user = await buildUser(app);
  return {
    adminId: admin.id,
    headers: { visitor: {}, user: (await tokensFor(app, user)).auth, admin: (await tokensFor(app, admin)).auth },
  };
}

export const call = (
  app: TestApp,
  method: Method | 'GET',
  url: string,
  headers: Record<string, string>,
  payload?: object,
): Promise<LightMyRequestResponse> => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

export const auditOf = (app: TestApp, targetId: string) =>
  app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.createdAt));

/** A post row straight into the table: the posts API is not what these tests are about. */
export async function insertPost(app: TestApp, ref: { categoryId?: string; stateId?: string }): Promise<void> {
  const { db } = app.ctx;
  const author = await buildUser(app);
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  const [state] = await db.select({ id: states.id }).from(states).limit(1);
  const categoryId = ref.categoryId ?? category?.id;
  const stateId = ref.stateId ?? state?.id;
  if (!categoryId || !stateId) throw new Error('insertPost: no category or state to use');
  await db.insert(posts).values({
    authorId: author.id,
    title: 'A tea for the tests',
    content: 'Enough content to be a real post body.',
    taggedHandle: '@someone',
    categoryId,
    stateId,
  });
}
