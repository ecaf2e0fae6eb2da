import { describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import {
  balanceOf,
  pngFile,
  postsBy,
  signedIn,
  submitMultipart,
  teaBody,
  type Refs,
  usePostsApp,
  uploadedFiles,
} from '../../../test/posts-kit.js';
import * as imageModule from '../../lib/images/process-image.js';
import { approvedPost } from '../../../test/reading-kit.js';

// Counts decodes without changing them: every call still runs the real sharp pipeline.
vi.mock('../../lib/images/process-image.js', async (importOriginal) => {
  const original = await importOriginal<typeof imageModule>();
  return { ...original, processImage: vi.fn(original.processImage) };
});
const decodes = vi.mocked(imageModule.processImage);

let app: TestApp;
let ref: Refs;
usePostsApp((made) => {
  ({ app, ref } = made);
});

describe('the balance is checked before any image is decoded', () => {
  it('a user with 0 coins posting five images gets 402 and no image is decoded', async () => {
    const { user, auth } = await signedIn(app);
    const files = await Promise.all(Array.from({ length: 5 }, () => pngFile(64, 48)));
    decodes.mockClear();
    const res = await submitMultipart(app, auth, teaBody(ref), files);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('INSUFFICIENT_COINS');
    expect(decodes).not.toHaveBeenCalled();
    expect(await postsBy(app, user.id)).toHaveLength(0);
    expect(uploadedFiles(app)).toHaveLength(0);
  });

  it('counts the bounty: fee + bounty above the balance is refused before decoding', async () => {
    const { user, auth } = await signedIn(app, { coins: 40 });
    decodes.mockClear();
    const res = await submitMultipart(app, auth, teaBody(ref, { bounty: '16' }), [await pngFile()]);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).detail).toBe('You need 41 Tea Coins for this. Buy coins or claim your daily drop.');
    expect(decodes).not.toHaveBeenCalled();
    expect(await balanceOf(app, user.id)).toBe(40);
  });

  it('a reversal is checked against its own fee before decoding', async () => {
    const { auth } = await signedIn(app, { coins: 19 });
    const original = await approvedPost(app, (await signedIn(app)).user.id);
    decodes.mockClear();
    const body = teaBody(ref, { original_post_id: original.id });
    const res = await submitMultipart(app, auth, body, [await pngFile()], '/posts/reversal');
    expect(res.statusCode).toBe(402);
    expect(decodes).not.toHaveBeenCalled();
  });

  it('with enough coins the images are decoded and the tea is stored', async () => {
    const { user, auth } = await signedIn(app, { coins: 30 });
    decodes.mockClear();
    const res = await submitMultipart(app, auth, teaBody(ref, { bounty: '5' }), [await pngFile(), await pngFile()]);
    expect(res.statusCode, res.body).toBe(201);
    expect(decodes).toHaveBeenCalledTimes(2);
    expect(await balanceOf(app, user.id)).toBe(0);
  });
});
