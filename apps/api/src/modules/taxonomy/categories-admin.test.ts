import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf } from '../../../test/http.js';
import { AppError } from '../../lib/app-error.js';
import { categoryKind } from './taxonomy.repository.js';
import { deleteItem } from './taxonomy.service.js';
import {
  auditOf,
  call,
  insertPost,
  signIn,
  type Caller,
  type Headers,
  type Method,
} from '../../../test/taxonomy-kit.js';

type CategoryBody = { id: string; name: string; description: string };

let app: TestApp;
let headers: Headers;
let adminId: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ headers, adminId } = await signIn(app));
});
afterAll(async () => {
  await app.teardown();
});

let seq = 0;
const fresh = () => {
  seq += 1;
  return { name: `Kettle Corner ${seq}`, description: 'A place for the freshest brews.' };
};
const url = (id = '') => `${API}/categories/admin/${id}`;
const create = async (payload: object = fresh()) => {
  const res = await call(app, 'POST', url(), headers.admin, payload);
  expect(res.statusCode).toBe(201);
  return res.json<CategoryBody>();
};
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('category writes: who may call them', () => {
  const calls: Array<[Method, (id: string) => string, boolean]> = [
    ['POST', () => url(), true],
    ['PUT', (id) => url(id), true],
    ['DELETE', (id) => url(id), false],
  ];
  it.each(calls)('%s answers 401 to a visitor and 403 to a user, and changes nothing', async (method, path, body) => {
    const target = await create();
    const payload = body ? fresh() : undefined;
    const expected: Array<[Caller, number, string]> = [
      ['visitor', 401, 'Authentication required. Please login again.'],
      ['user', 403, "You don't have permission to perform this action."],
    ];
    for (const [caller, status, detail] of expected) {
      const res = await call(app, method, path(target.id), headers[caller], payload);
      expect(res.statusCode).toBe(status);
      expect(errorOf(res).detail).toBe(detail);
    }
    const after = await call(app, 'GET', `${API}/categories/${target.id}`, {});
    expect(after.json()).toEqual(target);
    expect((await auditOf(app, target.id)).map((r) => r.action)).toEqual(['category.create']);
  });

  it('checks who calls before what they send: a visitor with a bad body gets 401', async () => {
    const res = await call(app, 'POST', url(), headers.visitor, { name: 'x' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /categories/admin/', () => {
  it('creates a category (201), trims it, lists it and audits it', async () => {
    const res = await call(app, 'POST', url(), headers.admin, {
      name: '  Tea Garden  ',
      description: '  Where the leaves grow.  ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<CategoryBody>();
    expect(body).toEqual({ id: expect.any(String), name: 'Tea Garden', description: 'Where the leaves grow.' });
    const list = await call(app, 'GET', `${API}/categories/`, {});
    expect(list.json<{ data: CategoryBody[] }>().data).toContainEqual(body);
    const [audit] = await auditOf(app, body.id);
    expect(audit).toMatchObject({
      actorId: adminId,
      action: 'category.create',
      targetType: 'category',
      data: { before: null, after: body },
    });
  });

  it("accepts the spec's own punctuation (decisions.md)", async () => {
    const res = await call(app, 'POST', url(), headers.admin, {
      name: "Who's Brewing? (Part 2) & More!",
      description: 'Punctuation is part of the joke.',
    });
    expect(res.statusCode).toBe(201);
  });

  it('answers 409 on a name taken in any letter case, under the name field', async () => {
    const res = await call(app, 'POST', url(), headers.admin, { ...fresh(), name: 'baby MAMA drama' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      detail: 'A category with this name already exists.',
      code: 'CONFLICT',
      errors: [{ field: 'name', message: 'A category with this name already exists.' }],
    });
  });
  it('lets only one of two simultaneous creates with the same name through', async () => {
    const payload = fresh();
    const results = await Promise.all([1, 2].map(() => call(app, 'POST', url(), headers.admin, payload)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser && errorOf(loser).errors).toEqual([
      { field: 'name', message: 'A category with this name already exists.' },
    ]);
  });
});

describe('category validation (422, the messages the form shows)', () => {
  const cases: Array<[string, object, string, string]> = [
    ['no name', { name: undefined }, 'name', 'Category name is required'],
    ['an empty name', { name: '   ' }, 'name', 'Category name is required'],
    ['a short name', { name: 'ab' }, 'name', 'Category name must be at least 3 characters'],
    ['a long name', { name: 'a'.repeat(51) }, 'name', 'Category name must be less than 50 characters'],
    [
      'bad characters',
      { name: 'Tea <script>' },
      'name',
      "Category name can only contain letters, numbers, spaces and - _ ' & ( ) . ? !",
    ],
    ['no description', { description: undefined }, 'description', 'Description is required'],
    ['an empty description', { description: '' }, 'description', 'Description is required'],
    ['a short description', { description: 'too short' }, 'description', 'Description must be at least 10 characters'],
    [
      'a long description',
      { description: 'd'.repeat(201) },
      'description',
      'Description must be less than 200 characters',
    ],
  ];
  it.each(cases)('POST and PUT reject %s', async (_label, patch, field, message) => {
    const target = await create();
    for (const [method, path] of [
      ['POST', url()],
      ['PUT', url(target.id)],
    ] as const) {
      const res = await call(app, method, path, headers.admin, { ...fresh(), ...patch });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({ detail: message, code: 'VALIDATION_FAILED' });
      expect(errorOf(res).errors).toContainEqual({ field, message });
    }
  });

  it('accepts the limits themselves (3 and 50; 10 and 200)', async () => {
    for (const payload of [
      { name: 'abc', description: 'd'.repeat(10) },
      { name: 'n'.repeat(50), description: 'd'.repeat(200) },
    ]) {
      expect((await call(app, 'POST', url(), headers.admin, payload)).statusCode).toBe(201);
    }
  });
});

describe('PUT /categories/admin/{id}', () => {
  it('updates (200) and audits before and after', async () => {
    const before = await create();
    const res = await call(app, 'PUT', url(before.id), headers.admin, {
      name: `${before.name} Renamed`,
      description: 'A new description for it.',
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<CategoryBody>();
    expect(after).toEqual({ id: before.id, name: `${before.name} Renamed`, description: 'A new description for it.' });
    expect((await call(app, 'GET', `${API}/categories/${before.id}`, {})).json()).toEqual(after);
    const rows = await auditOf(app, before.id);
    expect(rows.map((r) => r.action)).toEqual(['category.create', 'category.update']);
    expect(rows[1]).toMatchObject({ actorId: adminId, targetType: 'category', data: { before, after } });
  });

  it('lets a category keep its own name in another case, but not take another one', async () => {
    const target = await create();
    const recase = await call(app, 'PUT', url(target.id), headers.admin, {
      ...target,
      name: target.name.toUpperCase(),
    });
    expect(recase.statusCode).toBe(200);
    const taken = await call(app, 'PUT', url(target.id), headers.admin, { ...target, name: 'Family Feud' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).errors).toEqual([{ field: 'name', message: 'A category with this name already exists.' }]);
  });

  it('answers 404 for a category that does not exist', async () => {
    const res = await call(app, 'PUT', url(MISSING), headers.admin, fresh());
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ detail: 'Category not found.', code: 'NOT_FOUND' });
  });
});

describe('DELETE /categories/admin/{id}', () => {
  it('deletes an unused category (204, empty body) and audits what it was', async () => {
    const target = await create();
    const res = await call(app, 'DELETE', url(target.id), headers.admin);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(app, 'GET', `${API}/categories/${target.id}`, {})).statusCode).toBe(404);
    const rows = await auditOf(app, target.id);
    expect(rows.map((r) => r.action)).toEqual(['category.create', 'category.delete']);
    expect(rows[1]).toMatchObject({ actorId: adminId, data: { before: target, after: null } });
  });

  it('refuses (409) to delete a category posts use, counting them', async () => {
    const target = await create();
    await insertPost(app, { categoryId: target.id });
    const one = await call(app, 'DELETE', url(target.id), headers.admin);
    expect(one.statusCode).toBe(409);
    expect(errorOf(one)).toEqual({
      detail: 'This category is used by 1 post and cannot be deleted.',
      code: 'CONFLICT',
    });
    await insertPost(app, { categoryId: target.id });
    const two = await call(app, 'DELETE', url(target.id), headers.admin);
    expect(errorOf(two).detail).toBe('This category is used by 2 posts and cannot be deleted.');
    expect((await call(app, 'GET', `${API}/categories/${target.id}`, {})).statusCode).toBe(200);
    expect((await auditOf(app, target.id)).map((r) => r.action)).toEqual(['category.create']);
  });

  it('answers 404 for a category that does not exist, and 422 for an id that is not one', async () => {
    const res = await call(app, 'DELETE', url(MISSING), headers.admin);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).detail).toBe('Category not found.');
    expect((await call(app, 'DELETE', url('not-a-uuid'), headers.admin)).statusCode).toBe(422);
  });

  it('keeps a category whose post its count missed: the foreign key refuses, and the admin is told (409)', async () => {
    const target = await create();
    await insertPost(app, { categoryId: target.id });
    // A post filed between the count and the delete: the count answers none the first time.
    let counts = 0;
    const missesOne: typeof categoryKind = {
      ...categoryKind,
      postCount: async (db, id) => (++counts === 1 ? 0 : categoryKind.postCount(db, id)),
    };
    const refused = await deleteItem(app.ctx.db, missesOne, target.id, { id: adminId }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 409,
      message: 'This category is used by 1 post and cannot be deleted.',
    });
    expect(counts).toBe(2);
    expect((await call(app, 'GET', `${API}/categories/${target.id}`, {})).json()).toEqual(target);
    expect((await auditOf(app, target.id)).map((r) => r.action)).toEqual(['category.create']);
  });
});
