import { maskHandle } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { signedIn, type Auth } from '../../../../test/posts-kit.js';
import { approvedPost, detailOf, getPost, getPosts, unlock } from '../../../../test/reading-kit.js';

let app: TestApp;
const HEAD = 'The opening lines anyone may read. '.repeat(5).slice(0, 150);
const TAIL = ' Hidden part: the whole story, names and places, only for those who paid. '.repeat(4).slice(0, 250);
const CONTENT = `${HEAD}${TAIL}`;
let originalId: string;
let reader: { auth: Auth };

beforeAll(async () => {
  app = await createTestApp();
  const author = await signedIn(app);
  const reverser = await signedIn(app);
  const original = await approvedPost(app, author.user.id, {
    title: 'A perfectly ordinary title',
    content: CONTENT,
    taggedHandle: '@secretsource',
    evidenceLink: 'https://evidence.example/secretsource',
  });
  originalId = original.id;
  await approvedPost(app, reverser.user.id, {
    title: 'The other side of it',
    content: CONTENT,
    taggedHandle: '@secretsource',
    originalPostId: original.id,
  });
  reader = await signedIn(app, { coins: 100 });
});
afterAll(() => app.teardown());

/** Every string anywhere in a JSON body. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

const endpoints = () => [
  '/',
  '/?search=ordinary',
  '/?search=%40secretsource',
  '/?search=secretsource',
  '/?search=hidden%20part',
  `/${originalId}`,
  `/${originalId}/reversal`,
];

function expectNothingBeyondThePreview(body: string, where: string) {
  expect(body, where).not.toMatch(/secretsource/i);
  expect(body, where).not.toContain(TAIL.slice(0, 20));
  for (const text of stringsIn(JSON.parse(body))) {
    expect(text.length <= 150 || !text.startsWith(HEAD.slice(0, 30)), where).toBe(true);
    expect(text, where).not.toContain('Hidden part');
  }
}

describe('a reader who has not unlocked sees 150 characters and a masked handle, nowhere more', () => {
  it.each([
    ['a visitor', () => ({})],
    ['a signed-in user', () => reader.auth],
  ])('as %s, on every post endpoint', async (_who, authOf) => {
    const auth = authOf();
    for (const path of endpoints()) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/posts${path}`, headers: auth });
      expect(res.statusCode, path).toBe(200);
      expectNothingBeyondThePreview(res.body, path);
    }
    const detail = detailOf(await getPost(app, originalId, auth));
    expect(detail).toMatchObject({
      content: HEAD,
      is_locked: true,
      tagged_handle: '@s•••••',
      evidence_link: null,
    });
    expect(detail.unlock_count).toBeNull();
  });

  it('after unlocking, the same reader gets the whole text, the handle and the evidence', async () => {
    expect((await unlock(app, reader.auth, originalId)).statusCode).toBe(200);
    const detail = detailOf(await getPost(app, originalId, reader.auth));
    expect(detail).toMatchObject({
      content: CONTENT,
      is_locked: false,
      is_unlocked_by_user: true,
      tagged_handle: '@secretsource',
      evidence_link: 'https://evidence.example/secretsource',
    });
    // Unlocking the original does not open its reversal.
    expectNothingBeyondThePreview((await getPost(app, originalId, reader.auth, '/reversal')).body, 'reversal');
    // Nor does it open anything for a visitor.
    expectNothingBeyondThePreview((await getPosts(app, '?search=ordinary')).body, 'visitor list');
  });
});

describe('maskHandle', () => {
  it('keeps the first character and hides the rest behind a fixed mask that does not tell the length', () => {
    expect(maskHandle('@jane')).toBe('@j•••••');
    expect(maskHandle('@jo')).toBe('@j•••••');
    expect(maskHandle('@secretsource')).toBe('@s•••••');
    expect(maskHandle('noat')).toBe('@n•••••');
  });
});
