/** Test helpers for the reports, reports desk and takedown tests (not part of the server build). */
import type { ReportCreateInput, TakedownCreateInput } from '@kettle/shared';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { nextIp } from './factories.js';
import type { TestApp } from './harness.js';
import { API } from './http.js';
import { ledgerOf, type Auth } from './posts-kit.js';
import { comments, notifications, reports } from '../src/db/schema.js';

export const REFERENCE = /^KT-[2-9A-HJ-NP-Z]{8}$/;

export const reportPostCall = (
  app: TestApp,
  auth: Auth,
  postId: string,
  payload: Partial<ReportCreateInput> = { reason: 'spam', description: 'Looks like an advert.' },
): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `${API}/posts/${postId}/report`, headers: auth, payload });

export const reportCommentCall = (
  app: TestApp,
  auth: Auth,
  commentId: string,
  payload: Partial<ReportCreateInput> = { reason: 'harassment', description: 'Mean to the subject.' },
): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `${API}/comments/${commentId}/report`, headers: auth, payload });

export const myReportCall = (app: TestApp, auth: Auth, postId: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'GET', url: `${API}/posts/${postId}/my-report`, headers: auth });

export const myReportsCall = (app: TestApp, auth: Auth, query = ''): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'GET', url: `${API}/reports/me${query}`, headers: auth });

export const deskCall = (app: TestApp, auth: Auth, query = ''): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'GET', url: `${API}/posts/admin/reports${query}`, headers: auth });

export const decideCall = (app: TestApp, auth: Auth, id: string, payload: object): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'PUT', url: `${API}/posts/admin/reports/${id}`, headers: auth, payload });

let seq = 0;
/** A valid Moderation & Safety form body with a unique address. */
export function takedownBody(overrides: Partial<TakedownCreateInput> = {}): TakedownCreateInput {
  seq += 1;
  return {
    type: 'privacy_violation',
    description: `My phone number is in a tea, please remove it (${seq}).`,
    email: `asker-${seq}-${Date.now().toString(36)}@example.test`,
    content_url: 'https://kettle.test/posts/123',
    ...overrides,
  };
}

export const takedownCall = (
  app: TestApp,
  payload: object,
  options: { auth?: Auth; ip?: string } = {},
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: `${API}/moderation/requests`,
    headers: options.auth ?? {},
    payload,
    remoteAddress: options.ip ?? nextIp(),
  });

export const lookupCall = (app: TestApp, payload: object, ip: string = nextIp()): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `${API}/moderation/requests/lookup`, payload, remoteAddress: ip });

/** A comment row straight into the table (the comments routes are tested in their own module). */
export async function buildComment(app: TestApp, postId: string, userId: string, content = 'A comment for the tests.') {
  const [row] = await app.ctx.db.insert(comments).values({ postId, userId, content }).returning();
  if (!row) throw new Error('buildComment: insert failed');
  return row;
}

export const reportRows = (app: TestApp) => app.ctx.db.select().from(reports);
export const reportRow = async (app: TestApp, id: string) =>
  (await app.ctx.db.select().from(reports).where(eq(reports.id, id)))[0];

export const reportSpends = async (app: TestApp, userId: string) =>
  (await ledgerOf(app, userId)).filter((row) => row.kind === 'report');

export const notificationsOf = (app: TestApp, userId: string) =>
  app.ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt));
