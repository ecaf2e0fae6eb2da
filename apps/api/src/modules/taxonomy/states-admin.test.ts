import { US_STATES } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf } from '../../../test/http.js';
import {
  auditOf,
  call,
  insertPost,
  signIn,
  type Caller,
  type Headers,
  type Method,
} from '../../../test/taxonomy-kit.js';

type StateBody = { id: string; name: string; code: string; description: string };

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

// Two-letter codes that neither the 50 seeded states nor the explicit cases below use.
const TAKEN = new Set([...US_STATES.map((s) => s.code), 'DC']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const FREE_CODES = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b)).filter((c) => !TAKEN.has(c));
let seq = 0;
const fresh = () => {
  const code = FREE_CODES[seq] ?? 'QQ';
  seq += 1;
  return { name: `Territory ${seq}`, code, description: 'Tea from beyond the fifty.' };
};
const url = (id = '') => `${API}/states/admin/${id}`;
const create = async (payload: object = fresh()) => {
  const res = await call(app, 'POST', url(), headers.admin, payload);
  expect(res.statusCode).toBe(201);
  return res.json<StateBody>();
};
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('state writes: who may call them', () => {
  const calls: Array<[Method, (id: string) => string, boolean]> = [
    ['POST', () => url(), true],
    ['PUT', (id) => url(id), true],
    ['DELETE', (id) => url(id), false],
  ];
  it.each(calls)('%s answers 401 to a visitor and 403 to a user, and changes nothing', async (method, path, body) => {
    const target = await create();
    const payload = body ? fresh() : undefined;
    const expected: Array<[Caller, number]> = [
      ['visitor', 401],
      ['user', 403],
    ];
    for (const [caller, status] of expected) {
      expect((await call(app, method, path(target.id), headers[caller], payload)).statusCode).toBe(status);
    }
    expect((await call(app, 'GET', `${API}/states/${target.id}`, {})).json()).toEqual(target);
    expect((await auditOf(app, target.id)).map((r) => r.action)).toEqual(['state.create']);
  });
});

describe('POST /states/admin/', () => {
  it('creates a state (201) with an upper-cased code, lists it and audits it', async () => {
    const res = await call(app, 'POST', url(), headers.admin, {
      name: ' Washington D.C. ',
      code: 'dc',
      description: 'The capital district.',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<StateBody>();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Washington D.C.',
      code: 'DC',
      description: 'The capital district.',
    });
    const list = await call(app, 'GET', `${API}/states/`, {});
    expect(list.json<{ data: StateBody[] }>().data).toContainEqual(body);
    const [audit] = await auditOf(app, body.id);
    expect(audit).toMatchObject({
      actorId: adminId,
      action: 'state.create',
      targetType: 'state',
      data: { before: null, after: body },
    });
  });

  it('answers 409 for a taken name (any case) and a taken code, each under its field', async () => {
    const both = await call(app, 'POST', url(), headers.admin, {
      name: 'OHIO',
      code: 'oh',
      description: 'Again, Ohio.',
    });
    expect(both.statusCode).toBe(409);
    expect(errorOf(both)).toEqual({
      detail: 'A state with this name already exists.',
      code: 'CONFLICT',
      errors: [
        { field: 'name', message: 'A state with this name already exists.' },
        { field: 'code', message: 'A state with this code already exists.' },
      ],
    });
    const code = await call(app, 'POST', url(), headers.admin, { ...fresh(), code: 'WY' });
    expect(errorOf(code).errors).toEqual([{ field: 'code', message: 'A state with this code already exists.' }]);
  });
});

describe('state validation (422, the messages the form shows)', () => {
  const cases: Array<[string, object, string, string]> = [
    ['no name', { name: undefined }, 'name', 'State name is required'],
    ['a one-letter name', { name: 'A' }, 'name', 'State name must be at least 2 characters'],
    ['a long name', { name: 'a'.repeat(51) }, 'name', 'State name must be less than 50 characters'],
    [
      'bad characters',
      { name: 'Ohio; drop' },
      'name',
      "State name can only contain letters, numbers, spaces and - _ ' & ( ) . ? !",
    ],
    ['no code', { code: undefined }, 'code', 'State code is required'],
    ['a three-letter code', { code: 'ABC' }, 'code', 'State code must be two letters'],
    ['a code with a digit', { code: '1A' }, 'code', 'State code must be two letters'],
    ['an empty code', { code: '' }, 'code', 'State code must be two letters'],
    ['a short description', { description: 'short' }, 'description', 'Description must be at least 10 characters'],
    [
      'a long description',
      { description: 'd'.repeat(201) },
      'description',
      'Description must be less than 200 characters',
    ],
    ['no description', { description: undefined }, 'description', 'Description is required'],
  ];
  it.each(cases)('POST and PUT reject %s', async (_label, patch, field, message) => {
    const target = await create();
    for (const [method, path] of [
      ['POST', url()],
      ['PUT', url(target.id)],
    ] as const) {
      const res = await call(app, method, path, headers.admin, { ...fresh(), ...patch });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).errors).toContainEqual({ field, message });
    }
  });

  it('accepts a two-character name', async () => {
    expect((await call(app, 'POST', url(), headers.admin, { ...fresh(), name: 'Yo' })).statusCode).toBe(201);
  });
});

describe('PUT /states/admin/{id}', () => {
  it('updates (200) and audits before and after', async () => {
    const before = await create();
    const res = await call(app, 'PUT', url(before.id), headers.admin, {
      ...before,
      description: 'Rewritten for the test.',
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<StateBody>();
    expect(after).toEqual({ ...before, description: 'Rewritten for the test.' });
    const rows = await auditOf(app, before.id);
    expect(rows.map((r) => r.action)).toEqual(['state.create', 'state.update']);
    expect(rows[1]).toMatchObject({ actorId: adminId, targetType: 'state', data: { before, after } });
  });

  it("keeps its own code and name, but cannot take another state's code", async () => {
    const target = await create();
    expect((await call(app, 'PUT', url(target.id), headers.admin, target)).statusCode).toBe(200);
    const taken = await call(app, 'PUT', url(target.id), headers.admin, { ...target, code: 'tx' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).errors).toEqual([{ field: 'code', message: 'A state with this code already exists.' }]);
  });

  it('answers 404 for a state that does not exist', async () => {
    const res = await call(app, 'PUT', url(MISSING), headers.admin, fresh());
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ detail: 'State not found.', code: 'NOT_FOUND' });
  });
});

describe('DELETE /states/admin/{id}', () => {
  it('deletes an unused state (204) and audits what it was', async () => {
    const target = await create();
    const res = await call(app, 'DELETE', url(target.id), headers.admin);
    expect(res.statusCode).toBe(204);
    expect((await call(app, 'GET', `${API}/states/${target.id}`, {})).statusCode).toBe(404);
    const rows = await auditOf(app, target.id);
    expect(rows.map((r) => r.action)).toEqual(['state.create', 'state.delete']);
    expect(rows[1]).toMatchObject({ actorId: adminId, data: { before: target, after: null } });
  });

  it('refuses (409) to delete a state posts use', async () => {
    const target = await create();
    await insertPost(app, { stateId: target.id });
    await insertPost(app, { stateId: target.id });
    await insertPost(app, { stateId: target.id });
    const res = await call(app, 'DELETE', url(target.id), headers.admin);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ detail: 'This state is used by 3 posts and cannot be deleted.', code: 'CONFLICT' });
    expect((await call(app, 'GET', `${API}/states/${target.id}`, {})).statusCode).toBe(200);
  });

  it('answers 404 for a state that does not exist', async () => {
    const res = await call(app, 'DELETE', url(MISSING), headers.admin);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).detail).toBe('State not found.');
  });
});
