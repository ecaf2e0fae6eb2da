import { eq } from 'drizzle-orm';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { API } from '../../test/http.js';
import { pngFile, postOf, refs, signedIn, submitMultipart, teaBody, uploadedFiles } from '../../test/posts-kit.js';
import { postImages, posts } from '../db/schema.js';
import { newStorageKey } from '../lib/images/process-image.js';
import { ORPHAN_GRACE_MS, sweepOrphanUploads } from './orphan-uploads.js';
import { APPEAL_WINDOW_MS, sweepRejectedPhotos } from './rejected-photos.js';
import { startSweeps } from './schedule.js';

// Issue 10, item 13: photos outlive a rejection for the appeal window only; uploads that never
// became part of a post do not stay for ever.
let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp({ build: { sweeps: false } });
  admin = await signedIn(app, { isAdmin: true });
});
afterAll(() => app.teardown());

const DAY_MS = 24 * 60 * 60 * 1000;
const filesOf = async (postId: string) =>
  (await app.ctx.db.select().from(postImages).where(eq(postImages.postId, postId))).flatMap((row) => [
    `${row.storageKey}.webp`,
    `${row.previewKey}.webp`,
  ]);
const imageRowsOf = (postId: string) => app.ctx.db.select().from(postImages).where(eq(postImages.postId, postId));

async function rejectedWithPhoto() {
  const author = await signedIn(app, { coins: 25 });
  const res = await submitMultipart(app, author.auth, teaBody(await refs(app)), [await pngFile()]);
  const post = postOf(res);
  const rejected = await app.inject({
    method: 'PUT',
    url: `${API}/posts/admin/${post.id}/status`,
    headers: admin.auth,
    payload: { status: 'rejected' },
  });
  expect(rejected.statusCode).toBe(200);
  const [row] = await app.ctx.db.select().from(posts).where(eq(posts.id, post.id));
  if (!row?.rejectedAt) throw new Error('rejection date not set');
  return { post, rejectedAt: row.rejectedAt, files: await filesOf(post.id) };
}

describe('sweepRejectedPhotos', () => {
  it('keeps the photos of a rejected tea for 30 days, then removes rows and files', async () => {
    const { post, rejectedAt, files } = await rejectedWithPhoto();
    expect(files).toHaveLength(2);
    const almost = new Date(rejectedAt.getTime() + APPEAL_WINDOW_MS - 60_000);
    await sweepRejectedPhotos(app.ctx, almost);
    expect(await imageRowsOf(post.id)).toHaveLength(1);
    expect(uploadedFiles(app)).toEqual(expect.arrayContaining(files));

    const past = new Date(rejectedAt.getTime() + APPEAL_WINDOW_MS + 60_000);
    expect(await sweepRejectedPhotos(app.ctx, past)).toEqual({ removed: 2, failed: [] });
    expect(await imageRowsOf(post.id)).toHaveLength(0);
    for (const file of files) expect(uploadedFiles(app)).not.toContain(file);
    // The post itself stays (rejected, without photos); a second run finds nothing.
    expect(await app.ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
    expect(await sweepRejectedPhotos(app.ctx, past)).toEqual({ removed: 0, failed: [] });
  });

  it('spares a tea re-approved within the window, and any tea that is not rejected', async () => {
    const { post, rejectedAt, files } = await rejectedWithPhoto();
    const approve = await app.inject({
      method: 'PUT',
      url: `${API}/posts/admin/${post.id}/status`,
      headers: admin.auth,
      payload: { status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    await sweepRejectedPhotos(app.ctx, new Date(rejectedAt.getTime() + 90 * DAY_MS));
    expect(await imageRowsOf(post.id)).toHaveLength(1);
    expect(uploadedFiles(app)).toEqual(expect.arrayContaining(files));
  });
});

describe('sweepOrphanUploads', () => {
  it('removes old files no image row references, and keeps referenced and fresh ones', async () => {
    const dir = join(app.ctx.config.dataDir, 'uploads');
    const author = await signedIn(app, { coins: 25 });
    const kept = postOf(await submitMultipart(app, author.auth, teaBody(await refs(app)), [await pngFile()]));
    const keptFiles = await filesOf(kept.id);
    const oldOrphan = newStorageKey();
    const freshOrphan = newStorageKey();
    await app.ctx.images.put(oldOrphan, Buffer.from('left behind'));
    await app.ctx.images.put(freshOrphan, Buffer.from('in flight'));
    const now = new Date();
    const longAgo = new Date(now.getTime() - ORPHAN_GRACE_MS - 60_000);
    for (const name of [`${oldOrphan}.webp`, ...keptFiles]) await utimes(join(dir, name), longAgo, longAgo);

    const result = await sweepOrphanUploads(app.ctx, now);
    expect(result.failed).toEqual([]);
    const left = uploadedFiles(app);
    expect(left).not.toContain(`${oldOrphan}.webp`);
    expect(left).toEqual(expect.arrayContaining([...keptFiles, `${freshOrphan}.webp`]));

    // An hour later the in-flight file has had its chance.
    await sweepOrphanUploads(app.ctx, new Date(now.getTime() + ORPHAN_GRACE_MS + 60_000));
    expect(uploadedFiles(app)).not.toContain(`${freshOrphan}.webp`);
    expect(uploadedFiles(app)).toEqual(expect.arrayContaining(keptFiles));
  });
});

describe('startSweeps', () => {
  it('runs a start-up job once and stops with app.close() waiting for it', async () => {
    const runs: Date[] = [];
    let release: () => void = () => undefined;
    const job = {
      name: 'probe',
      everyMs: 60 * 60 * 1000,
      atStart: true,
      run: async (_ctx: unknown, now: Date) => {
        runs.push(now);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return 0;
      },
    };
    const stop = startSweeps(app.ctx, app.log, [job]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toHaveLength(1);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
