import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_VIEW_ELEMENT_ID, firstView, type PostCardList, type PostDetail } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, tokensFor } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildPost } from '../../test/posts-kit.js';
import { approvedPost } from '../../test/reading-kit.js';

const HTML = '<!doctype html><html><head><title>Kettle</title></head><body><div id="root"></div></body></html>\n';

/** A build as `vite build` leaves it, with the manifest naming the post page's chunks. */
function webRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'kettle-first-view-'));
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, 'index.html'), HTML);
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_dialog.js': { file: 'assets/dialog-1.js', imports: ['_react.js'] },
    'src/features/posts/pages/post-page.tsx': { file: 'assets/post-page-1.js', imports: ['_react.js', '_dialog.js'] },
    'src/features/posts/pages/submit-page.tsx': { file: 'assets/submit-page-1.js', imports: ['_dialog.js'] },
    'src/features/posts/components/submit-tea-form.tsx': { file: 'assets/form-1.js', imports: ['_dialog.js'] },
  };
  writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return root;
}

/** The JSON the page carries, as the web app reads it; null when the page carries none. */
function firstViewOf(html: string): { raw: string; answers: Record<string, unknown> } | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">(.*?)</script>`, 's').exec(
    html,
  );
  if (!match?.[1]) return null;
  return { raw: match[1], answers: JSON.parse(match[1]) as Record<string, unknown> };
}

describe('the first view: a page carries its public data and asks for its chunks at once (goal F2)', () => {
  let app: TestApp;
  let root: string;
  let authorId: string;

  beforeAll(async () => {
    root = webRoot();
    app = await createTestApp({ build: { serveWeb: true, webRoot: root } });
    authorId = (await buildUser(app)).id;
  });
  afterAll(async () => {
    await app?.teardown();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string) => app.inject({ method: 'GET', url });

  it('answers the front page with the first list page, the categories and the states inside it', async () => {
    const post = await approvedPost(app, authorId, { title: 'First view tea' });
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const view = firstViewOf(res.body);
    const list = view?.answers['/api/v1/posts/?skip=0&limit=9'] as PostCardList;
    expect(list.data.map((p) => p.id)).toContain(post.id);
    // A visitor's answer: locked, as the API itself would send it.
    expect(list.data.find((p) => p.id === post.id)?.is_locked).toBe(true);
    expect(view?.answers['/api/v1/categories/']).toMatchObject({ data: expect.any(Array) });
    expect(view?.answers['/api/v1/states/']).toMatchObject({ data: expect.any(Array) });
  });

  it('keeps a tea from closing the element, starting markup or expanding `$&`, and the JSON reads back', async () => {
    const title = "Tea </script><script>alert(1)</script> & <b>bold</b>\u2028line $& $' $`";
    const post = await approvedPost(app, authorId, { title });
    const view = firstViewOf((await page('/')).body);
    expect(view?.raw).not.toMatch(/[<>\u2028]/);
    const list = view?.answers['/api/v1/posts/?skip=0&limit=9'] as PostCardList;
    expect(list.data.find((p) => p.id === post.id)?.title).toBe(title);
  });

  it("answers a post page with the visitor's view of that post and preloads the page's own chunks", async () => {
    const post = await approvedPost(app, authorId);
    const res = await page(`/posts/${post.id}`);
    const detail = firstViewOf(res.body)?.answers[`/api/v1/posts/${post.id}`] as PostDetail;
    expect(detail.id).toBe(post.id);
    expect(detail.is_locked).toBe(true);
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/post-page-1.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/dialog-1.js">');
    // The entry's own chunks are index.html's business already.
    expect(res.body).not.toContain('href="/assets/react-1.js"');
  });

  it.each(['/posts/0b6c6a52-6a4b-4c55-9d7e-2f1f6f0e2a11', '/submit'])(
    'names for %s a module the web app really has (the manifest is keyed by it)',
    (path) => {
      const { page: module } = firstView(path, '');
      expect(module && existsSync(new URL(`../../../web/${module}`, import.meta.url))).toBe(true);
    },
  );

  it('leaves out what a visitor may not read: a pending tea or a missing one', async () => {
    const pending = await buildPost(app, authorId, { status: 'pending' });
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await page(`/posts/${id}`);
      expect(res.statusCode).toBe(200);
      expect(firstViewOf(res.body)?.answers).toEqual({});
    }
  });

  it('answers the submit form with the lists every reader gets alike, and preloads its chunks', async () => {
    const res = await page('/submit');
    const answers = firstViewOf(res.body)?.answers;
    expect(Object.keys(answers ?? {})).toEqual(['/api/v1/categories/', '/api/v1/states/']);
    expect(res.body).toContain('href="/assets/submit-page-1.js"');
    expect(res.body).toContain('href="/assets/dialog-1.js"');
    // The form loads once the page has painted; preloading it would hold that paint back.
    expect(res.body).not.toContain('href="/assets/form-1.js"');
  });

  it.each(['/?search=tea', '/?page=2', '/my-teas', '/posts/not-a-uuid'])(
    'serves %s as the plain index.html',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(HTML);
    },
  );
});

describe('the first view from the page cache', () => {
  let app: TestApp;
  let root: string;
  let authorId: string;

  beforeAll(async () => {
    root = webRoot();
    app = await createTestApp({
      env: { PAGE_CACHE_MS: '60000' },
      build: { serveWeb: true, webRoot: root, sweeps: false },
    });
    authorId = (await buildUser(app)).id;
  });
  afterAll(async () => {
    await app?.teardown();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string) => app.inject({ method: 'GET', url });

  it('builds a page once for every visitor, and again after a change', async () => {
    const admin = await buildUser(app, { isAdmin: true });
    await approvedPost(app, authorId, { title: 'Already out' });
    const first = await page('/');
    const before = app.ctx.database.stats().queries;
    const again = await page('/');
    expect(app.ctx.database.stats().queries).toBe(before);
    expect(again.body).toBe(first.body);
    expect(again.body).toContain('Already out');

    const pending = await buildPost(app, authorId, { status: 'pending', title: 'Freshly approved' });
    const { auth } = await tokensFor(app, admin);
    const approved = await app.inject({
      method: 'PUT',
      url: `/api/v1/posts/admin/${pending.id}/status`,
      headers: auth,
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    expect((await page('/')).body).toContain('Freshly approved');
  });
});
