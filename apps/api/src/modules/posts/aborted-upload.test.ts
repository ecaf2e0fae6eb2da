import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import {
  balanceOf,
  expectInvariants,
  multipartBody,
  pngFile,
  postsBy,
  refs,
  signedIn,
  teaBody,
  uploadedFiles,
} from '../../../test/posts-kit.js';

let app: TestApp;
let port: number;
let ref: { categoryId: string; stateId: string };
beforeAll(async () => {
  app = await createTestApp();
  ref = await refs(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.teardown());

/**
 * Sends the headers and the first part of a real multipart body over a socket, then drops the
 * connection, as a browser does when Cancel aborts its upload; resolves once the socket is gone.
 */
function sendHalfThenAbort(headers: Record<string, string>, body: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `${API}/posts/`,
      headers: { ...headers, 'content-length': String(body.length) },
    });
    req.on('error', () => undefined);
    req.on('close', () => resolve());
    req.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => req.destroy(), 50));
  });
}

describe('a tea upload cancelled half way', () => {
  it('saves nothing: no post, no files, no coins charged, the ledger still adds up', async () => {
    const { user, auth } = await signedIn(app, { coins: 40 });
    const filesBefore = uploadedFiles(app).length;
    const photo = await pngFile(400, 300);
    const body = await multipartBody(teaBody(ref), [photo, { ...photo, name: 'second.png' }]);

    await sendHalfThenAbort({ ...auth, ...body.headers }, body.payload);
    // The server learns of the dropped socket asynchronously: give its handler time to end.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(await postsBy(app, user.id)).toHaveLength(0);
    expect(uploadedFiles(app)).toHaveLength(filesBefore);
    expect(await balanceOf(app, user.id)).toBe(40);
    await expectInvariants(app);
  });
});
