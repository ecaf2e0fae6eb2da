import { REPORT_MESSAGES, type Report, type ReportList, type TakedownCreated } from '@kettle/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import { signedIn } from '../../../test/posts-kit.js';
import { approvedPost } from '../../../test/reading-kit.js';
import { deskCall, takedownBody, takedownCall } from '../../../test/reports-kit.js';

let app: TestApp;
useTestApp((made) => {
  app = made;
});

const stamp = () => Date.now().toString(36);
const search = (term: string) => `?limit=100&search=${encodeURIComponent(term)}`;
const refsOf = (list: ReportList) => list.reports.map((r) => r.reference).sort();

/** A takedown request filed through the public form; answers its reference. */
async function fileTakedown(overrides: Parameters<typeof takedownBody>[0]) {
  const res = await takedownCall(app, takedownBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TakedownCreated>().reference;
}

describe('the takedown desk', () => {
  it('shows the tea a request names by its Kettle URL, and an unknown URL as it was given', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const tea = await approvedPost(app, author.user.id, { title: `Named tea ${stamp()}`, taggedHandle: '@named_one' });
    const named = await fileTakedown({ content_url: `http://KETTLE.test/posts/${tea.id}?from=share#comments` });
    const foreign = await fileTakedown({ content_url: `https://elsewhere.example/posts/${tea.id}` });
    const unknownTea = await fileTakedown({
      content_url: 'http://kettle.test/posts/00000000-0000-4000-8000-000000000000',
    });

    const desk = (await deskCall(app, admin.auth, '?limit=100')).json<ReportList>();
    const byRef = (reference: string) => desk.reports.find((r) => r.reference === reference);
    expect(byRef(named)).toMatchObject({
      post_id: tea.id,
      tea_title: tea.title,
      tea_handle: '@named_one',
      content_author_id: author.user.id,
    });
    for (const reference of [foreign, unknownTea]) {
      expect(byRef(reference)).toMatchObject({ post_id: null, tea_title: null, tea_handle: null });
    }
    expect(byRef(foreign)?.content_url).toBe(`https://elsewhere.example/posts/${tea.id}`);
  });

  it('searches by reference, email, tea title, handle and URL; says when nothing matches', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const mark = stamp();
    const tea = await approvedPost(app, author.user.id, {
      title: `Desk search ${mark}`,
      taggedHandle: `@desk_${mark}`,
    });
    const email = `asker-${mark}@example.test`;
    const byEmail = await fileTakedown({ email, content_url: '' });
    const byTea = await fileTakedown({ content_url: `http://kettle.test/posts/${tea.id}` });
    const byUrl = await fileTakedown({ content_url: `https://social.example/${mark}/status/1` });

    const found = async (term: string) => {
      const res = await deskCall(app, admin.auth, search(term));
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ReportList>();
    };
    // A reference as read aloud: any case, and a part of it.
    expect(refsOf(await found(byEmail.toLowerCase()))).toEqual([byEmail]);
    expect(refsOf(await found(byTea.slice(3)))).toEqual([byTea]);
    expect(refsOf(await found(email.toUpperCase()))).toEqual([byEmail]);
    expect(refsOf(await found(`Desk search ${mark}`))).toEqual([byTea]);
    expect(refsOf(await found(`@DESK_${mark}`))).toEqual([byTea]);
    expect(refsOf(await found(`social.example/${mark}`))).toEqual([byUrl]);
    // Wildcards are plain characters; a search with the status filter narrows both ways.
    expect((await found('%')).total).toBe(0);
    const none = await found(`no-such-${mark}`);
    expect(none).toMatchObject({ reports: [], total: 0, has_next: false });
    const pendingOnly = (await deskCall(app, admin.auth, `${search(email)}&status=rejected`)).json<ReportList>();
    expect(pendingOnly.total).toBe(0);
  });

  it('refuses an over-long search with a clear message, and members cannot search at all', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const tooLong = await deskCall(app, admin.auth, search('x'.repeat(201)));
    expect(tooLong.statusCode).toBe(422);
    expect(errorOf(tooLong).errors).toContainEqual({ field: 'search', message: REPORT_MESSAGES.searchTooLong });
    const member = await signedIn(app);
    expect((await deskCall(app, member.auth, search('KT-'))).statusCode).toBe(403);
  });

  it('tells a requester looking their request up which tea it names, never its author', async () => {
    const author = await signedIn(app);
    const tea = await approvedPost(app, author.user.id);
    const email = `lookup-${stamp()}@example.test`;
    const reference = await fileTakedown({ email, content_url: `http://kettle.test/posts/${tea.id}` });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/moderation/requests/lookup',
      payload: { reference, email },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Report>()).toMatchObject({ post_id: tea.id, contact_email: null, content_author_id: null });
  });
});
