export { expectInvariants } from './invariants.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OwnPost, PostStatus } from '@kettle/shared';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { buildUser, tokensFor, type UserOverrides } from './factories.js';
import { useTestApp, type TestApp } from './harness.js';
import { API } from './http.js';
import { auditLog, categories, coinLedger, posts, states, users } from '../src/db/schema.js';

/** Shared by the posts tests: who calls, what they send, and what is left behind. */
export type Auth = Record<string, string>;

export async function signedIn(app: TestApp, overrides: UserOverrides = {}) {
  const user = await buildUser(app, overrides);
  return { user, auth: (await tokensFor(app, user)).auth };
}

export type Refs = { categoryId: string; stateId: string };

export async function refs(app: TestApp): Promise<Refs> {
  const [category] = await app.ctx.db.select({ id: categories.id }).from(categories).limit(1);
  const [state] = await app.ctx.db.select({ id: states.id }).from(states).limit(1);
  if (!category || !state) throw new Error('no seeded category or state');
  return { categoryId: category.id, stateId: state.id };
}

let seq = 0;
/** A valid create body; each call tags a fresh handle so the per-handle limit stays out of the way. */
export function teaBody(ref: { categoryId: string; stateId: string }, overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    title: `Spilled tea number ${seq}`,
    content: 'Somebody said something at the party and everyone heard.',
    category_id: ref.categoryId,
    state_id: ref.stateId,
    tagged_handle: `@subject_${seq}`,
    attested: true,
    ...overrides,
  };
}

export const submitJson = (app: TestApp, auth: Auth, payload: object, path = '/posts/') =>
  app.inject({ method: 'POST', url: `${API}${path}`, headers: auth, payload });

export type FilePart = { field?: string; name: string; type: string; data: Buffer };

/** A real multipart body, built the way a browser's FormData is. */
export async function multipartBody(fields: Record<string, unknown>, files: FilePart[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) {
    form.append(file.field ?? 'images', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  const request = new Request('http://kettle.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function submitMultipart(
  app: TestApp,
  auth: Auth,
  fields: Record<string, unknown>,
  files: FilePart[],
  path = '/posts/',
): Promise<LightMyRequestResponse> {
  const body = await multipartBody(fields, files);
  return app.inject({
    method: 'POST',
    url: `${API}${path}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

export async function pngFile(width = 40, height = 30, color = '#2e86c1'): Promise<FilePart> {
  const data = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name: 'photo.png', type: 'image/png', data };
}

export async function jpegFile(width = 32, height = 24): Promise<FilePart> {
  const data = await sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  return { name: 'photo.jpg', type: 'image/jpeg', data };
}

export const uploadedFiles = (app: TestApp): string[] => {
  const dir = join(app.ctx.config.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

export const postsBy = (app: TestApp, authorId: string) =>
  app.ctx.db.select().from(posts).where(eq(posts.authorId, authorId));

export const ledgerOf = (app: TestApp, userId: string) =>
  app.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.createdAt));

export async function balanceOf(app: TestApp, userId: string): Promise<number> {
  const [row] = await app.ctx.db.select({ balance: users.coinBalance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? -1;
}

/** Every user's balance equals the sum of their ledger rows, and none is negative. */
/** A post row straight into the table, for tests about what happens to posts after submission. */
export async function buildPost(
  app: TestApp,
  authorId: string,
  overrides: Partial<typeof posts.$inferInsert> & { status?: PostStatus } = {},
) {
  const ref = await refs(app);
  seq += 1;
  const [row] = await app.ctx.db
    .insert(posts)
    .values({
      authorId,
      title: `A tea for the tests ${seq}`,
      content: 'Enough content to be a real post body.',
      taggedHandle: `@someone_${seq}`,
      categoryId: ref.categoryId,
      stateId: ref.stateId,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('buildPost: insert failed');
  return row;
}

export const auditOf = (app: TestApp, targetId: string) =>
  app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.createdAt));

export const postOf = (res: LightMyRequestResponse): OwnPost => res.json<OwnPost>();

/** The post-submitting tests' setup: one app for the file, and the category and state a tea names. */
export function usePostsApp(ready: (made: { app: TestApp; ref: Refs }) => void): void {
  useTestApp(async (app) => ready({ app, ref: await refs(app) }));
}
