import { randomUUID } from 'node:crypto';
import type { NotificationList } from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf } from '../../../test/http.js';
import { notifications } from '../../db/schema.js';
import { buildPost } from '../../../test/posts-kit.js';
import { notify } from '../../lib/notify.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.teardown());

async function userWithNotices(count: number) {
  const user = await buildUser(app);
  for (let i = 1; i <= count; i += 1) {
    await notify(app.ctx.db, {
      userId: user.id,
      kind: 'post_approved',
      title: 'Your tea is published',
      body: `Notice ${i}`,
      link: `/posts/${i}`,
    });
    // A second apart: two notices written in the same millisecond tie on created_at (PGlite's
    // clock), and the order between them is then the ids'.
    await app.ctx.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - (count - i) * 1000) })
      .where(and(eq(notifications.userId, user.id), eq(notifications.body, `Notice ${i}`)));
  }
  return { user, auth: (await tokensFor(app, user)).auth };
}

const list = (auth: Record<string, string>, query = '') =>
  app.inject({ method: 'GET', url: `${API}/notifications${query}`, headers: auth });
const post = (auth: Record<string, string>, path: string) =>
  app.inject({ method: 'POST', url: `${API}/notifications${path}`, headers: auth });

describe('notifications API', () => {
  it('answers 401 to a visitor on every route', async () => {
    expect((await list({})).statusCode).toBe(401);
    expect((await post({}, '/read-all')).statusCode).toBe(401);
    expect((await post({}, `/${randomUUID()}/read`)).statusCode).toBe(401);
  });

  it("lists only the caller's notices, newest first, with paging and the unread count", async () => {
    const { auth } = await userWithNotices(3);
    await userWithNotices(2);
    const res = await list(auth);
    expect(res.statusCode).toBe(200);
    const body = res.json<NotificationList>();
    expect(body.data.map((n) => n.body)).toEqual(['Notice 3', 'Notice 2', 'Notice 1']);
    expect(body.metadata).toEqual({ total_elements: 3, skip: 0, limit: 10, unread_count: 3 });
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(
      ['body', 'created_at', 'id', 'kind', 'link', 'read', 'title'].sort(),
    );
    expect(body.data[0]).toMatchObject({ kind: 'post_approved', link: '/posts/3', read: false });
    const page = (await list(auth, '?skip=1&limit=1')).json<NotificationList>();
    expect(page.data.map((n) => n.body)).toEqual(['Notice 2']);
    expect(page.metadata).toEqual({ total_elements: 3, skip: 1, limit: 1, unread_count: 3 });
  });

  it('marks one notice read (204), idempotently', async () => {
    const { auth } = await userWithNotices(2);
    const [newest] = (await list(auth)).json<NotificationList>().data;
    expect(newest).toBeDefined();
    for (let i = 0; i < 2; i += 1) {
      const res = await post(auth, `/${newest?.id}/read`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    const after = (await list(auth)).json<NotificationList>();
    expect(after.data.map((n) => n.read)).toEqual([true, false]);
    expect(after.metadata.unread_count).toBe(1);
  });

  it("answers 404 for another user's notice and leaves it unread", async () => {
    const owner = await userWithNotices(1);
    const other = await userWithNotices(0);
    const [notice] = (await list(owner.auth)).json<NotificationList>().data;
    const res = await post(other.auth, `/${notice?.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).detail).toBe('Notification not found.');
    expect((await post(other.auth, `/${randomUUID()}/read`)).statusCode).toBe(404);
    expect((await list(owner.auth)).json<NotificationList>().metadata.unread_count).toBe(1);
    // Reading all of one's own notices touches nobody else's.
    expect((await post(other.auth, '/read-all')).statusCode).toBe(204);
    expect((await list(owner.auth)).json<NotificationList>().metadata.unread_count).toBe(1);
  });

  it('marks all read (204)', async () => {
    const { user, auth } = await userWithNotices(3);
    expect((await post(auth, '/read-all')).statusCode).toBe(204);
    const after = (await list(auth)).json<NotificationList>();
    expect(after.metadata.unread_count).toBe(0);
    expect(after.data.every((n) => n.read)).toBe(true);
    const rows = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows.every((row) => row.readAt instanceof Date)).toBe(true);
  });

  it('lists the notice a moderation decision creates', async () => {
    const author = await buildUser(app);
    const admin = await buildUser(app, { isAdmin: true });
    const tea = await buildPost(app, author.id);
    const res = await app.inject({
      method: 'PUT',
      url: `${API}/posts/admin/${tea.id}/status`,
      headers: (await tokensFor(app, admin)).auth,
      payload: { status: 'rejected', reason: 'Too vague' },
    });
    expect(res.statusCode).toBe(200);
    const mine = (await list((await tokensFor(app, author)).auth)).json<NotificationList>();
    expect(mine.data).toMatchObject([
      { kind: 'post_rejected', title: 'Your tea was not published', link: '/my-teas', read: false },
    ]);
    expect(mine.data[0]?.body).toContain('Too vague');
  });
});
