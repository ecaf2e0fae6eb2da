import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { OwnPost } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { pngFile, refs, signedIn, submitMultipart, teaBody } from '../../../test/posts-kit.js';
import { startLocalS3, type LocalS3 } from '../../../test/s3.js';
import type { S3Settings } from '../../config.js';
import { newStorageKey } from '../../lib/images/process-image.js';
import { ORPHAN_GRACE_MS, sweepOrphanUploads } from '../../sweeps/orphan-uploads.js';

let s3: LocalS3;
let settings: S3Settings;
let app: TestApp;
let bucket: S3Client;
beforeAll(async () => {
  s3 = await startLocalS3();
  settings = await s3.bucket();
  app = await createTestApp({ env: s3.envOf(settings) });
  bucket = new S3Client(settings);
});
afterAll(async () => {
  await app?.teardown();
  bucket?.destroy();
  await s3?.stop();
});

/** What the bucket holds, read with a client of its own rather than through Kettle. */
async function objectsInBucket(): Promise<string[]> {
  const answer = await bucket.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('images in S3 (S3_BUCKET set, s3rver)', () => {
  it('stores an uploaded photo in the bucket, serves it from /uploads, and deletes it with its post', async () => {
    const { auth } = await signedIn(app, { coins: 100 });
    const photo = await pngFile(40, 30);
    const created = await submitMultipart(app, auth, teaBody(await refs(app)), [photo]);
    expect(created.statusCode).toBe(201);
    const post = created.json<OwnPost>();
    const [image] = post.images;
    if (!image) throw new Error('the answer names no image');

    // The full image and its preview, under the names the disk would use.
    const stored = await objectsInBucket();
    expect(stored).toHaveLength(2);
    for (const name of stored) expect(name).toMatch(/^[A-Za-z0-9_-]{16,128}\.webp$/);

    const served = await app.inject({ method: 'GET', url: image.image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const storedKey = new URL(image.image_url, 'http://kettle.test').pathname.replace('/uploads/', '');
    expect(stored).toContain(storedKey);
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');

    const admin = await buildUser(app, { isAdmin: true });
    const { auth: adminAuth } = await tokensFor(app, admin);
    const deleted = await app.inject({ method: 'DELETE', url: `${API}/posts/${post.id}`, headers: adminAuth });
    expect(deleted.statusCode).toBe(204);
    expect(await objectsInBucket()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: image.image_url })).statusCode).toBe(404);
  });

  it("sweeps an old orphan from the bucket and keeps a post's images", async () => {
    const { auth } = await signedIn(app, { coins: 100 });
    const created = await submitMultipart(app, auth, teaBody(await refs(app)), [await pngFile(40, 30)]);
    expect(created.statusCode).toBe(201);
    const kept = await objectsInBucket();
    const orphan = newStorageKey();
    await app.ctx.images.put(orphan, Buffer.from('left by a failed submission'));

    // Seen from past the grace period, as the hourly sweep will see it then.
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(await sweepOrphanUploads(app.ctx, later)).toEqual({ removed: 1, failed: [] });
    expect(await objectsInBucket()).toEqual(kept);
  });
});
