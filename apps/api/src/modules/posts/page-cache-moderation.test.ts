import type { Appeal, PostCardList } from '@kettle/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { expectPagesKeptThrough } from '../../../test/page-cache-kit.js';
import { buildPost, signedIn, type Auth } from '../../../test/posts-kit.js';
import { approvedPost, emptyPotCall, getPosts, unlock } from '../../../test/reading-kit.js';
import { buildComment, decideCall, reportCommentCall, reportPostCall } from '../../../test/reports-kit.js';
import { categories } from '../../db/schema.js';

/**
 * A moderator's decision, an admin's deletion and an author's emptied pot end every kept page
 * only when they change which teas the visitors' lists hold (list-place.ts): a tea published or
 * taken down. A tea that never was published is on no kept page, and a report or an appeal that
 * takes nothing down changes none. Before, each of these emptied every server's cache.
 */
describe('the page cache through moderation', () => {
  let app: TestApp;
  useTestApp(
    (made) => {
      app = made;
    },
    { env: { PAGE_CACHE_MS: '60000' }, build: { sweeps: false } },
  );

  const send = (who: Auth, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => () =>
    app.inject({ method, url: `${API}${url}`, headers: who, ...(payload ? { payload } : {}) });
  const setStatus = (admin: Auth, id: string, status: string) =>
    send(admin, 'PUT', `/posts/admin/${id}/status`, { status, reason: 'Not enough to go on.' });
  // A list page of each check's own: fixtures write teas straight into the table, which no request announces.
  let lists = 30;
  const listed = async () =>
    (await getPosts(app, `?skip=0&limit=${++lists}`)).json<PostCardList>().data.map((card) => card.id);

  /** The write answers `status`, starts a new generation, and the list shows the change at once. */
  const listsChangedBy = async (
    write: () => Promise<LightMyRequestResponse>,
    status: number,
    tea: string,
    shown: boolean,
  ) => {
    const generation = app.ctx.pages.generation();
    const res = await write();
    expect(res.statusCode, res.body).toBe(status);
    expect(app.ctx.pages.generation()).toBe(generation + 1);
    expect((await listed()).includes(tea)).toBe(shown);
  };

  it('keeps every page through rejections, edits, deletions and withdrawals of teas never published', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app, { coins: 100 });
    const published = await approvedPost(app, author.user.id);
    const queued = async () => (await buildPost(app, author.user.id)).id;
    const [rejected, edited, deleted, withdrawn] = [await queued(), await queued(), await queued(), await queued()];
    const [, other] = await app.ctx.db.select({ id: categories.id }).from(categories).limit(2);
    if (!other) throw new Error('two seeded categories needed');

    await expectPagesKeptThrough(app, published.id, [
      ['a queued tea rejected', 200, setStatus(admin.auth, rejected, 'rejected')],
      [
        'a rejected tea edited',
        200,
        send(admin.auth, 'PUT', `/posts/admin/${rejected}`, { status: 'rejected', title: 'Still no' }),
      ],
      [
        'a queued tea moved',
        200,
        send(admin.auth, 'PUT', `/posts/admin/${edited}`, { status: 'pending', category_id: other.id }),
      ],
      ['a queued tea deleted', 204, send(admin.auth, 'DELETE', `/posts/${deleted}`)],
      ['a queued tea withdrawn by its author', 200, () => emptyPotCall(app, author.auth, withdrawn)],
    ]);
  });

  it('starts a new generation when a tea is published or taken down, and the list shows it at once', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app, { coins: 100 });
    const tea = (await buildPost(app, author.user.id)).id;
    await listsChangedBy(setStatus(admin.auth, tea, 'approved'), 200, tea, true);
    await listsChangedBy(setStatus(admin.auth, tea, 'rejected'), 200, tea, false);

    const deleted = (await approvedPost(app, author.user.id)).id;
    expect(await listed()).toContain(deleted);
    await listsChangedBy(send(admin.auth, 'DELETE', `/posts/${deleted}`), 204, deleted, false);
    const emptied = (await approvedPost(app, author.user.id)).id;
    expect(await listed()).toContain(emptied);
    await listsChangedBy(() => emptyPotCall(app, author.auth, emptied), 200, emptied, false);
  });

  it('keeps every page through reports dismissed or upheld that take no published tea down', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const reporter = await signedIn(app, { coins: 100 });
    const [tea, down] = [await approvedPost(app, author.user.id), await approvedPost(app, author.user.id)];
    expect((await unlock(app, reporter.auth, tea.id)).statusCode).toBe(200);
    const reportOf = async (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ report: { id: string } }>().report.id;
    };
    const dismissed = await reportOf(await reportPostCall(app, reporter.auth, tea.id));
    const comment = await buildComment(app, tea.id, author.user.id);
    const onComment = await reportOf(await reportCommentCall(app, reporter.auth, comment.id));
    const late = await reportOf(await reportPostCall(app, reporter.auth, down.id));
    // Another moderator took it down first (its own generation).
    await listsChangedBy(setStatus(admin.auth, down.id, 'rejected'), 200, down.id, false);

    const decide = (id: string, payload: object) => () => decideCall(app, admin.auth, id, payload);
    await expectPagesKeptThrough(app, tea.id, [
      ['a report dismissed', 200, decide(dismissed, { status: 'rejected', admin_notes: 'Fair reporting.' })],
      ['a comment removed on report', 200, decide(onComment, { status: 'approved', remove_post: true })],
      ['a removal of a tea already down', 200, decide(late, { status: 'approved', remove_post: true })],
    ]);
  });

  it('starts a new generation when a report takes a published tea down', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const reporter = await signedIn(app, { coins: 100 });
    const tea = (await approvedPost(app, (await signedIn(app)).user.id)).id;
    expect((await unlock(app, reporter.auth, tea)).statusCode).toBe(200);
    const report = (await reportPostCall(app, reporter.auth, tea)).json<{ report: { id: string } }>().report.id;
    expect(await listed()).toContain(tea);
    const removal = () => decideCall(app, admin.auth, report, { status: 'approved', remove_post: true });
    await listsChangedBy(removal, 200, tea, false);
  });

  it('keeps every page through an appeal denied, and publishes the tea again when one is upheld', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const reviewer = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const published = await approvedPost(app, author.user.id);
    const rejectedTea = async () => {
      const id = (await buildPost(app, author.user.id)).id;
      expect((await setStatus(admin.auth, id, 'rejected')()).statusCode).toBe(200);
      const filed = await send(author.auth, 'POST', '/appeals', {
        target_type: 'post',
        target_id: id,
        statement: 'Everything in it happened; I was there and the handle is public.',
      })();
      expect(filed.statusCode, filed.body).toBe(201);
      return { id, appeal: filed.json<Appeal>().id };
    };
    const denied = await rejectedTea();
    const upheld = await rejectedTea();
    const decide = (id: string, status: string) =>
      send(reviewer.auth, 'PUT', `/admin/appeals/${id}`, { status, reason: 'Checked the sources.' });

    await expectPagesKeptThrough(app, published.id, [['an appeal denied', 200, decide(denied.appeal, 'denied')]]);
    await listsChangedBy(decide(upheld.appeal, 'upheld'), 200, upheld.id, true);
  });
});
